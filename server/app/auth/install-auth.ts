// Sign-in and budgets on the app server, put in place by createAppServer when APP_AUTH asks
// for them: the gate on every route, password mode's routes, the per-person budgets in front
// of the backend, and the app server's own answers about the session (GET /api/session) and
// the usage log (GET /api/usage, admins only); the saved areas of the people signed in.
import type { Hono } from 'hono';
import { areaRoutes, areasStayInBrowser } from '../areas/area-routes';
import type { AreaStore } from '../areas/area-store';
import type { Backend } from '../backend';
import type { LineLogger } from '../../node-http/log-lines';
import type { AuthSettings } from './auth-env';
import { authGate } from './auth-gate';
import { oidcRoutes } from './oidc-routes';
import { passwordRoutes } from './password-routes';
import { personBudgets } from './person-budgets';
import { forbidden, unauthenticated } from './refusals';
import { personOf } from './request-identity';
import { signOutRoute } from './session-cookie';
import { SessionStore } from './sessions';
import { SignInThrottle } from './sign-in-throttle';
import { UsageLedger } from './usage-ledger';
import { usersReader } from './users-file';

export interface AppAuth {
  settings: AuthSettings;
  /** Clock for sessions, throttles and budgets; tests move it. */
  now?: () => number;
  /** Where signed-in planners' areas are kept; absent without sign-in. */
  areas?: AreaStore;
}

export function installAuth(app: Hono, auth: AppAuth, backend: Backend, log: LineLogger): void {
  const { settings } = auth;
  const now = auth.now ?? Date.now;
  if (settings.mode === 'none') {
    app.get('/api/session', (c) => c.json({ signIn: 'none' }));
    areasStayInBrowser(app);
    return;
  }
  const sessions = new SessionStore(settings.sessionHours * 3_600_000, now);
  const users = settings.mode === 'password' ? usersReader(settings.usersFile) : null;
  app.use('*', authGate({ settings, sessions, users }));
  if (users) {
    passwordRoutes(app, { settings, sessions, users, throttle: new SignInThrottle(5, now), log });
  }
  if (settings.oidc) oidcRoutes(app, { settings, oidc: settings.oidc, sessions, log, now });
  if (settings.mode !== 'proxy') signOutRoute(app, sessions);
  const ledger = new UsageLedger(settings.usageFile, log, now);
  app.use('/api/*', personBudgets(settings.budgets, backend, ledger));
  if (auth.areas) areaRoutes(app, { store: auth.areas, maxAreas: settings.areasPerPerson });

  app.get('/api/session', (c) => {
    const name = personOf(c.req.raw);
    if (!name) return unauthenticated('no session');
    c.header('Cache-Control', 'no-store');
    return c.json({
      signIn: settings.mode,
      name,
      admin: settings.admins.has(name),
      // Behind the proxy, signing out is the proxy's business.
      signOut: settings.mode !== 'proxy',
    });
  });

  app.get('/api/usage', (c) => {
    const name = personOf(c.req.raw) ?? '';
    if (!settings.admins.has(name))
      return forbidden(`the usage log is for the admins named in APP_ADMINS; ${name} is not one`);
    c.header('Cache-Control', 'no-store');
    return c.json({ days: ledger.report() });
  });
}
