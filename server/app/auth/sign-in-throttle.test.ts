// Guessing passwords over real HTTP: after five failures for one name, or from one address,
// even the right password waits; /api says so in JSON with Retry-After, the form in words.
import { afterEach, expect, it } from 'vitest';
import { CookieClient, startAuthApp, type AuthTestServer } from './testing/auth-servers';

const running: AuthTestServer[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
});

const PEOPLE = { ana: 'ana-long-password', ben: 'ben-long-password' };

it('throttles a name after five failures, in JSON on /api and in words on the form', async () => {
  const server = await startAuthApp({ APP_AUTH: 'password' }, PEOPLE);
  running.push(server);
  const browser = new CookieClient(server.app.url);
  for (let i = 0; i < 5; i++)
    expect((await browser.signInJson('ana', `guess-${i}`)).status).toBe(401);
  const json = await browser.signInJson('ana', PEOPLE.ana);
  expect(json.status).toBe(429);
  expect(Number(json.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = (await json.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('too_many_sign_ins');
  expect(body.error.message).toContain('retry after');
  const form = await browser.signInForm('ana', PEOPLE.ana);
  expect(form.status).toBe(429);
  expect(await form.text()).toContain('Too many failed sign-ins');
  expect(browser.cookie).toBe('');
  expect(server.logs.some((l) => l.includes('sign-in refused for "ana" from 127.0.0.1'))).toBe(
    true,
  );
});

it('throttles an address that tries many names', async () => {
  const server = await startAuthApp({ APP_AUTH: 'password' }, PEOPLE);
  running.push(server);
  const browser = new CookieClient(server.app.url);
  for (let i = 0; i < 5; i++)
    expect((await browser.signInJson(`nobody${i}`, 'guess')).status).toBe(401);
  expect((await browser.signInJson('ben', PEOPLE.ben)).status).toBe(429);
});
