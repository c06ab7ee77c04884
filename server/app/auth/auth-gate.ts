// The gate in front of every route but the sign-in page: a request is admitted as a person
// (a live session cookie in password mode; the proxy's header, from a trusted proxy only, in
// proxy mode) or refused: /api with 401 JSON saying how to sign in, a page with a redirect to
// the sign-in page (or, in proxy mode, a page saying to come through the proxy). /api/health
// answers without a session too, but only "ok": liveness for a load balancer, nothing more.
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AuthSettings } from './auth-env';
import { SESSION_COOKIE } from './session-cookie';
import { isApiPath, unauthenticated } from './refusals';
import { fromTrustedProxy, tagPerson } from './request-identity';
import type { SessionStore } from './sessions';
import { proxySignInPage } from './sign-in-page';
import { USER_NAME } from './users-file';

/** Routes a browser without a session must reach, per mode: the sign-in page and its steps. */
const OPEN: Record<string, ReadonlySet<string>> = {
  password: new Set([
    'GET /sign-in',
    'HEAD /sign-in',
    'POST /sign-in',
    'POST /sign-out',
    'POST /api/session',
  ]),
  oidc: new Set(['GET /sign-in', 'HEAD /sign-in', 'GET /sign-in/callback', 'POST /sign-out']),
};

export interface GateParts {
  settings: AuthSettings;
  sessions: SessionStore;
  /** Password mode's users file; null where the provider or the proxy vouches for people. */
  users: (() => Map<string, string>) | null;
}

/** The person this request comes from, or null. */
function personFor(c: Context, g: GateParts): string | null {
  if (g.settings.mode === 'proxy') {
    if (!fromTrustedProxy(c, g.settings.trusted)) return null;
    const name = c.req.header(g.settings.header)?.trim() ?? '';
    return USER_NAME.test(name) ? name : null;
  }
  const session = g.sessions.get(getCookie(c, SESSION_COOKIE));
  // A person removed from the users file is signed out at their next request.
  if (!session || (g.users && !g.users().has(session.name))) return null;
  return session.name;
}

function howToSignIn(g: GateParts): string {
  return g.settings.mode === 'proxy'
    ? `requests must come through the authenticating proxy (TRUSTED_PROXIES), which names the person in ${g.settings.header}`
    : g.settings.mode === 'oidc'
      ? 'open /sign-in in the browser to sign in with your organisation'
      : 'open /sign-in in the browser, or POST /api/session with {"name","password"}';
}

export function authGate(g: GateParts): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (OPEN[g.settings.mode]?.has(`${c.req.method} ${path}`)) return next();
    const person = personFor(c, g);
    if (person) {
      tagPerson(c.req.raw, person);
      return next();
    }
    if (path === '/api/health') {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok', signIn: 'required' });
    }
    if (isApiPath(path)) return unauthenticated(howToSignIn(g));
    if (g.settings.mode === 'proxy') return c.html(proxySignInPage(), 401);
    const url = new URL(c.req.url);
    const back = encodeURIComponent(url.pathname + url.search);
    const ended = getCookie(c, SESSION_COOKIE) ? '&ended=expired' : '';
    c.header('Cache-Control', 'no-store');
    return c.redirect(`/sign-in?next=${back}${ended}`, 302);
  };
}
