// OpenID Connect sign-in against a real provider (oidc-provider) on a loopback port: the code
// flow with PKCE through the provider's own form, the allowed users and groups, a callback
// that was not started in this browser, and sign-out ending the session on the server.
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CLIENT,
  browseSigningIn,
  startIdentityProvider,
  type IdentityProvider,
} from './testing/identity-provider';
import { startAuthApp, type AuthTestServer } from './testing/auth-servers';

let idp: IdentityProvider;
let server: AuthTestServer;

beforeAll(async () => {
  idp = await startIdentityProvider({ ana: ['planners'], eve: ['visitors'] });
  server = await startAuthApp({
    APP_AUTH: 'oidc',
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_ALLOWED_GROUPS: 'planners',
    OIDC_ALLOWED_USERS: 'lead',
  });
  idp.register(`${server.app.url}/sign-in/callback`);
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

const sessionCookie = (jar: Map<string, string>) => `ce_session=${jar.get('ce_session') ?? ''}`;

it('signs in a member of an allowed group, and signing out ends the session', async () => {
  const jar = new Map<string, string>();
  const end = await browseSigningIn(`${server.app.url}/areas`, 'ana', jar);
  expect(end.url).toMatch(/\/sign-in\/callback\?/);
  expect(end.status).toBe(200);
  expect(end.text).toContain('content="0;url=/areas"');
  const session = await fetch(`${server.app.url}/api/session`, {
    headers: { cookie: sessionCookie(jar) },
  });
  expect(await session.json()).toEqual({
    signIn: 'oidc',
    name: 'ana',
    admin: false,
    signOut: true,
  });
  const out = await fetch(`${server.app.url}/sign-out`, {
    method: 'POST',
    headers: { cookie: sessionCookie(jar) },
    redirect: 'manual',
  });
  expect(out.status).toBe(303);
  const replay = await fetch(`${server.app.url}/api/session`, {
    headers: { cookie: sessionCookie(jar) },
  });
  expect(replay.status).toBe(401);
});

it('signs in a person named in OIDC_ALLOWED_USERS', async () => {
  const jar = new Map<string, string>();
  expect((await browseSigningIn(`${server.app.url}/`, 'lead', jar)).status).toBe(200);
  expect(jar.has('ce_session')).toBe(true);
});

it('refuses an account that is neither an allowed user nor in an allowed group', async () => {
  const jar = new Map<string, string>();
  const end = await browseSigningIn(`${server.app.url}/`, 'eve', jar);
  expect(end.status).toBe(403);
  expect(end.text).toContain('eve is not allowed on this server');
  expect(jar.has('ce_session')).toBe(false);
});

it('refuses a callback this browser did not start', async () => {
  // The provider sends one browser back with a code; another browser (a page that planted the
  // link) arrives there instead, without the cookie the sign-in began with.
  const started = await browseSigningIn(
    `${server.app.url}/`,
    'ana',
    new Map(),
    '/sign-in/callback',
  );
  expect(started.url).toContain('code=');
  const elsewhere = await fetch(started.url, { redirect: 'manual' });
  expect(elsewhere.status).toBe(400);
  const cookies = elsewhere.headers.getSetCookie();
  expect(cookies.some((c) => /^ce_session=[^;]/.test(c))).toBe(false);
});
