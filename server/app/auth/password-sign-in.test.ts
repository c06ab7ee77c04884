// Password mode over real HTTP: nothing but the sign-in page without a session, the form and
// its JSON twin, the session cookie's flags, rotation on sign-in, sign-out that makes the old
// cookie worthless, and a person removed from the users file losing their session.
import { afterEach, describe, expect, it } from 'vitest';
import { readUsers, writeUsers } from './users-file';
import {
  CookieClient,
  requestFrom,
  startAuthApp,
  type AuthTestServer,
} from './testing/auth-servers';

const running: AuthTestServer[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
});

const PEOPLE = { ana: 'ana-long-password', ben: 'ben-long-password' };

async function start(env: Record<string, string> = {}) {
  const server = await startAuthApp({ APP_AUTH: 'password', ...env }, PEOPLE);
  running.push(server);
  return server;
}

describe('without a session', () => {
  it('refuses /api with 401 JSON that says how to sign in, and sends pages to the sign-in page', async () => {
    const { app } = await start();
    const api = await fetch(`${app.url}/api/fabric/layers`);
    expect(api.status).toBe(401);
    const body = (await api.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('unauthenticated');
    expect(body.error.message).toContain('/sign-in');
    const page = await fetch(`${app.url}/areas?x=1`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/sign-in?next=%2Fareas%3Fx%3D1');
    const form = await fetch(`${app.url}/sign-in`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('<form method="post" action="/sign-in">');
  });

  it('answers /api/health with liveness only', async () => {
    const { app } = await start();
    const res = await fetch(`${app.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', signIn: 'required' });
  });
});

describe('signing in', () => {
  it('with the form, sets an HttpOnly SameSite=Strict cookie and opens /api and the full health answer', async () => {
    const { app } = await start();
    const browser = new CookieClient(app.url);
    const wrong = await browser.signInForm('ana', 'not-her-password');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That name and password do not match.');
    const res = await browser.signInForm('ana', PEOPLE.ana, '/areas');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/areas');
    const cookie = res.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^ce_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${12 * 3600}`);
    expect(cookie).not.toContain('Secure');
    expect((await browser.send('/api/fabric/layers')).status).toBe(200);
    const session = await (await browser.send('/api/session')).json();
    expect(session).toEqual({ signIn: 'password', name: 'ana', admin: false, signOut: true });
    const health = (await (await browser.send('/api/health')).json()) as { version?: string };
    expect(health.version).toBeDefined();
  });

  it('marks the cookie Secure only when a trusted proxy says the browser used TLS', async () => {
    const { app } = await start({ TRUSTED_PROXIES: '127.0.0.2' });
    const signIn = (from: string) =>
      requestFrom(`${app.url}/api/session`, from, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ name: 'ana', password: PEOPLE.ana }),
      });
    const viaProxy = await signIn('127.0.0.2');
    expect(String(viaProxy.headers['set-cookie'])).toContain('Secure');
    const direct = await signIn('127.0.0.1');
    expect(direct.status).toBe(200);
    expect(String(direct.headers['set-cookie'])).not.toContain('Secure');
  });

  it('makes a new session id on each sign-in and ends the one the browser held', async () => {
    const { app } = await start();
    const browser = new CookieClient(app.url);
    await browser.signInJson('ana', PEOPLE.ana);
    const first = browser.cookie;
    await browser.signInJson('ana', PEOPLE.ana);
    expect(browser.cookie).not.toBe(first);
    const replay = await fetch(`${app.url}/api/session`, { headers: { cookie: first } });
    expect(replay.status).toBe(401);
  });
});

describe('signing out', () => {
  it('ends the session on the server, so the same cookie replayed afterwards is refused', async () => {
    const { app } = await start();
    const browser = new CookieClient(app.url);
    await browser.signInJson('ben', PEOPLE.ben);
    const stolen = browser.cookie;
    expect(
      (await fetch(`${app.url}/api/fabric/layers`, { headers: { cookie: stolen } })).status,
    ).toBe(200);
    const out = await browser.send('/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/sign-in?ended=signed-out');
    const replay = await fetch(`${app.url}/api/fabric/layers`, { headers: { cookie: stolen } });
    expect(replay.status).toBe(401);
    const page = await fetch(`${app.url}/`, { headers: { cookie: stolen }, redirect: 'manual' });
    expect(page.headers.get('location')).toBe('/sign-in?next=%2F&ended=expired');
  });

  it('happens at the next request of a person removed from the users file', async () => {
    const { app, dir } = await start();
    const browser = new CookieClient(app.url);
    await browser.signInJson('ben', PEOPLE.ben);
    expect((await browser.send('/api/session')).status).toBe(200);
    const users = readUsers(`${dir}/users`);
    users.delete('ben');
    writeUsers(`${dir}/users`, users);
    expect((await browser.send('/api/session')).status).toBe(401);
  });
});

it('takes the form from its own page, which posts with Origin null under no-referrer', async () => {
  const { app } = await start();
  const browser = new CookieClient(app.url);
  const post = (site: string) =>
    browser.send('/sign-in', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'null',
        'sec-fetch-site': site,
      },
      body: new URLSearchParams({ name: 'ana', password: PEOPLE.ana }).toString(),
    });
  expect((await post('same-site')).status).toBe(403);
  expect((await post('same-origin')).status).toBe(303);
});

it('refuses a sign-in form posted from another site', async () => {
  const { app } = await start();
  const res = await new CookieClient(app.url).send('/sign-in', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://attacker.example',
    },
    body: new URLSearchParams({ name: 'ana', password: PEOPLE.ana }).toString(),
  });
  expect(res.status).toBe(403);
  expect(res.headers.getSetCookie()).toEqual([]);
});
