// Password mode's routes: the sign-in page and its form (GET/POST /sign-in), the same check
// as JSON for scripts and tests (POST /api/session).
import type { Context, Hono } from 'hono';
import { jsonError } from '../../node-http/json-error';
import type { AuthSettings } from './auth-env';
import { verifyPassword } from './password-hash';
import { tooManySignIns } from './refusals';
import { browserAddress } from './request-identity';
import { startSession } from './session-cookie';
import type { SessionStore } from './sessions';
import { localPath, signInPage } from './sign-in-page';
import type { SignInThrottle } from './sign-in-throttle';
import { USER_NAME } from './users-file';

export interface PasswordParts {
  settings: AuthSettings;
  sessions: SessionStore;
  throttle: SignInThrottle;
  users: () => Map<string, string>;
  log: (line: string, about?: Request) => void;
}

type Outcome = { ok: true } | { ok: false; retryAfter: number } | { ok: false; wrong: true };

async function attempt(
  c: Context,
  p: PasswordParts,
  name: string,
  password: string,
): Promise<Outcome> {
  const address = browserAddress(c, p.settings.trusted);
  const wait = p.throttle.wait(name, address);
  if (wait > 0) return { ok: false, retryAfter: wait };
  const stored = USER_NAME.test(name) ? (p.users().get(name) ?? null) : null;
  if (!(await verifyPassword(password, stored))) {
    p.throttle.failed(name, address);
    p.log(`sign-in refused for "${name.slice(0, 64)}" from ${address}`, c.req.raw);
    return { ok: false, wrong: true };
  }
  p.throttle.succeeded(name);
  startSession(c, p.sessions, p.settings.trusted, name);
  p.log(`signed in: ${name} from ${address}`, c.req.raw);
  return { ok: true };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function passwordRoutes(app: Hono, p: PasswordParts): void {
  app.get('/sign-in', (c) => {
    const ended = c.req.query('ended');
    const note =
      ended === 'signed-out'
        ? 'You are signed out.'
        : ended
          ? 'Your session ended; sign in again.'
          : undefined;
    c.header('Cache-Control', 'no-store');
    return c.html(signInPage({ next: localPath(c.req.query('next')), ...(note ? { note } : {}) }));
  });

  app.post('/sign-in', async (c) => {
    const form = await c.req.parseBody();
    const name = text(form.name).trim();
    const next = localPath(form.next);
    const outcome = await attempt(c, p, name, text(form.password));
    c.header('Cache-Control', 'no-store');
    if (outcome.ok) return c.redirect(next, 303);
    const problem =
      'retryAfter' in outcome
        ? `Too many failed sign-ins for this name or from this address. Try again in ${Math.ceil(outcome.retryAfter / 60)} minute(s).`
        : 'That name and password do not match.';
    const status = 'retryAfter' in outcome ? 429 : 401;
    if ('retryAfter' in outcome) c.header('Retry-After', String(outcome.retryAfter));
    return c.html(signInPage({ next, name, problem }), status);
  });

  app.post('/api/session', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      body = null;
    }
    const fields =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const name = text(fields.name).trim();
    const outcome = await attempt(c, p, name, text(fields.password));
    if (outcome.ok) return c.json({ name, admin: p.settings.admins.has(name), signOut: true });
    if ('retryAfter' in outcome) return tooManySignIns(outcome.retryAfter);
    return jsonError({
      status: 401,
      code: 'sign_in_refused',
      message: 'that name and password do not match (POST /api/session with {"name","password"})',
    });
  });
}
