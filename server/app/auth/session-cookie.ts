// The session cookie both sign-in ways set: a new id each sign-in (ending the one the browser
// held), HttpOnly, SameSite=Strict, Secure when the browser came over TLS. Sign-out
// (POST /sign-out) deletes the session here, so its cookie is worthless afterwards.
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { overTls } from './request-identity';
import type { SessionStore } from './sessions';
import type { TrustedProxies } from './trusted-proxies';

export const SESSION_COOKIE = 'ce_session';

export function startSession(
  c: Context,
  sessions: SessionStore,
  trusted: TrustedProxies | null,
  name: string,
): void {
  const id = sessions.create(name, getCookie(c, SESSION_COOKIE));
  setCookie(c, SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: overTls(c, trusted),
    maxAge: Math.floor(sessions.lifetimeMs / 1000),
  });
}

export function signOutRoute(app: Hono, sessions: SessionStore): void {
  app.post('/sign-out', (c) => {
    sessions.delete(getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    c.header('Cache-Control', 'no-store');
    return c.redirect('/sign-in?ended=signed-out', 303);
  });
}
