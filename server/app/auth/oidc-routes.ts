// OpenID Connect sign-in: the authorization code flow with PKCE (openid-client). /sign-in sends
// the browser to the provider with a fresh verifier, state and nonce kept here under a short-lived
// cookie; /sign-in/callback trades the code for tokens (the library checks state, nonce and the
// ID token), takes the person's name from the claims and lets them in only when
// OIDC_ALLOWED_USERS or OIDC_ALLOWED_GROUPS names them. The provider is asked for its
// configuration at the first sign-in, so the server starts while the provider is down.
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as oidc from 'openid-client';
import type { AuthSettings } from './auth-env';
import type { OidcSettings } from './oidc-env';
import { overTls } from './request-identity';
import { startSession } from './session-cookie';
import type { SessionStore } from './sessions';
import { continuePage, localPath, oidcSignInPage } from './sign-in-page';
import { USER_NAME } from './users-file';

const PENDING_COOKIE = 'ce_sign_in';
const PENDING_MS = 10 * 60_000;
const MAX_PENDING = 10_000;

interface Pending {
  verifier: string;
  state: string;
  nonce: string;
  redirectUri: string;
  next: string;
  expiresAt: number;
}

export interface OidcParts {
  settings: AuthSettings;
  oidc: OidcSettings;
  sessions: SessionStore;
  log: (line: string, about?: Request) => void;
  now: () => number;
}

/** The person's name and groups from the ID token's claims, or null when unusable. */
function claimedPerson(
  claims: oidc.IDToken | undefined,
): { name: string; groups: string[] } | null {
  const name = [claims?.preferred_username, claims?.email, claims?.sub].find(
    (v): v is string => typeof v === 'string' && USER_NAME.test(v),
  );
  const groups = Array.isArray(claims?.groups)
    ? claims.groups.filter((g) => typeof g === 'string')
    : [];
  return name ? { name, groups } : null;
}

export function oidcRoutes(app: Hono, p: OidcParts): void {
  const pending = new Map<string, Pending>();
  let config: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    const insecure = p.oidc.issuer.protocol === 'http:';
    config ??= oidc
      .discovery(
        p.oidc.issuer,
        p.oidc.clientId,
        p.oidc.clientSecret,
        undefined,
        insecure ? { execute: [oidc.allowInsecureRequests] } : {},
      )
      .catch((err: unknown) => {
        config = null; // asked again at the next sign-in
        throw err;
      });
    return config;
  };
  const origin = (c: Context) =>
    `${overTls(c, p.settings.trusted) ? 'https' : 'http'}://${c.req.header('host') ?? ''}`;

  async function start(c: Context, next: string) {
    for (const [id, s] of pending) if (s.expiresAt <= p.now()) pending.delete(id);
    if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value ?? '');
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const redirectUri = `${origin(c)}/sign-in/callback`;
    const id = randomBytes(24).toString('base64url');
    pending.set(id, { verifier, state, nonce, redirectUri, next, expiresAt: p.now() + PENDING_MS });
    // Lax: the provider sends the browser back with a cross-site navigation.
    setCookie(c, PENDING_COOKIE, id, {
      path: '/sign-in',
      httpOnly: true,
      sameSite: 'Lax',
      secure: overTls(c, p.settings.trusted),
      maxAge: PENDING_MS / 1000,
    });
    const url = oidc.buildAuthorizationUrl(await configuration(), {
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return c.redirect(url.href, 302);
  }

  app.get('/sign-in', (c) => {
    const ended = c.req.query('ended');
    const next = localPath(c.req.query('next'));
    c.header('Cache-Control', 'no-store');
    // After signing out, a page rather than straight back to the provider (which would sign
    // the person in again at once).
    if (ended)
      return c.html(
        oidcSignInPage(
          next,
          ended === 'signed-out' ? 'You are signed out.' : 'Your session ended; sign in again.',
        ),
      );
    return start(c, next);
  });

  app.get('/sign-in/callback', async (c) => {
    c.header('Cache-Control', 'no-store');
    const id = getCookie(c, PENDING_COOKIE) ?? '';
    const login = pending.get(id);
    pending.delete(id);
    deleteCookie(c, PENDING_COOKIE, { path: '/sign-in' });
    if (!login || login.expiresAt <= p.now())
      return c.html(
        oidcSignInPage('/', 'That sign-in took too long or was not started here; sign in again.'),
        400,
      );
    let person: ReturnType<typeof claimedPerson>;
    try {
      const current = new URL(`${login.redirectUri}${new URL(c.req.url).search}`);
      const tokens = await oidc.authorizationCodeGrant(await configuration(), current, {
        pkceCodeVerifier: login.verifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      person = claimedPerson(tokens.claims());
    } catch (err) {
      p.log(
        `sign-in with ${p.oidc.issuer.host} failed: ${err instanceof Error ? err.message : String(err)}`,
        c.req.raw,
      );
      return c.html(
        oidcSignInPage(
          login.next,
          'The sign-in with your organisation did not complete; sign in again.',
        ),
        400,
      );
    }
    const allowed =
      person !== null &&
      (p.oidc.allowedUsers.has(person.name) ||
        person.groups.some((g) => p.oidc.allowedGroups.has(g)));
    if (!person || !allowed) {
      p.log(
        `sign-in refused for "${person?.name ?? '?'}": not in OIDC_ALLOWED_USERS or OIDC_ALLOWED_GROUPS`,
        c.req.raw,
      );
      return c.html(
        oidcSignInPage(
          '/',
          `${person?.name ?? 'This account'} is not allowed on this server (OIDC_ALLOWED_USERS, OIDC_ALLOWED_GROUPS); ask whoever runs it.`,
        ),
        403,
      );
    }
    startSession(c, p.sessions, p.settings.trusted, person.name);
    p.log(`signed in: ${person.name} through ${p.oidc.issuer.host}`, c.req.raw);
    // A page of our own, not a redirect: the browser sends a SameSite=Strict cookie on a
    // navigation our page starts, not on the tail of the provider's cross-site redirect.
    return c.html(continuePage(login.next));
  });
}
