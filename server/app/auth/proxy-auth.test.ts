// Proxy mode over real HTTP: the person's name is believed from TRUSTED_PROXIES only; from any
// other address the header is ignored and the request refused, on /api and on pages alike.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requestFrom, startAuthApp, type AuthTestServer } from './testing/auth-servers';

let server: AuthTestServer;
beforeAll(async () => {
  server = await startAuthApp({
    APP_AUTH: 'proxy',
    TRUSTED_PROXIES: '127.0.0.2, 10.9.0.0/16',
    APP_AUTH_HEADER: 'X-Remote-User',
    APP_ADMINS: 'ana',
  });
});
afterAll(() => server.close());

const asAna = { 'x-remote-user': 'ana' };

it('admits the person a trusted proxy names', async () => {
  const res = await requestFrom(`${server.app.url}/api/session`, '127.0.0.2', { headers: asAna });
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body)).toEqual({
    signIn: 'proxy',
    name: 'ana',
    admin: true,
    signOut: false,
  });
  const api = await requestFrom(`${server.app.url}/api/fabric/layers`, '127.0.0.2', {
    headers: asAna,
  });
  expect(api.status).toBe(200);
});

it('ignores the header from any other address and refuses the request', async () => {
  const api = await requestFrom(`${server.app.url}/api/fabric/layers`, '127.0.0.3', {
    headers: asAna,
  });
  expect(api.status).toBe(401);
  const body = JSON.parse(api.body) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('unauthenticated');
  expect(body.error.message).toContain('x-remote-user');
  const page = await requestFrom(`${server.app.url}/`, '127.0.0.1', { headers: asAna });
  expect(page.status).toBe(401);
  expect(page.body).toContain('sign-in proxy');
});

it('refuses a request from the trusted proxy that names nobody, or a malformed name', async () => {
  const none = await requestFrom(`${server.app.url}/api/fabric/layers`, '127.0.0.2');
  expect(none.status).toBe(401);
  const odd = await requestFrom(`${server.app.url}/api/fabric/layers`, '127.0.0.2', {
    headers: { 'x-remote-user': 'ana\u00e9 bad' },
  });
  expect(odd.status).toBe(401);
});
