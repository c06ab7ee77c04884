// Who may use the app server (APP_AUTH) and what each person may spend, read once at start.
// A server that spends the office's service token (upstream or workspace mode) and listens
// beyond loopback must have sign-in: anyone who reaches it would spend the token otherwise.
// Every refusal names the variable to set.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { oidcFromEnv, type OidcSettings } from './oidc-env';
import { isLoopbackHost, parseTrustedProxies, type TrustedProxies } from './trusted-proxies';

export const AUTH_CHOICES = ['none', 'password', 'proxy', 'oidc'] as const;
export type AuthMode = (typeof AUTH_CHOICES)[number];

export interface PersonBudgets {
  /** Requests a minute per person (APP_USER_RATE_LIMIT); null for none. */
  perMinute: number | null;
  /** Upstream credits a person may spend a day, UTC (APP_USER_CREDITS_PER_DAY); null for none. */
  creditsPerDay: number | null;
  /** Upstream credits the whole server may spend a day (APP_CREDITS_PER_DAY); null for none. */
  totalCreditsPerDay: number | null;
}

export interface AuthSettings {
  mode: AuthMode;
  /** Password mode: the users file (APP_USERS_FILE). */
  usersFile: string;
  /** Proxy mode: the header naming the person (APP_AUTH_HEADER), lowercased. */
  header: string;
  trusted: TrustedProxies | null;
  /** OpenID Connect mode: the provider and who may sign in. */
  oidc: OidcSettings | null;
  sessionHours: number;
  /** Names that may read GET /api/usage (APP_ADMINS). */
  admins: ReadonlySet<string>;
  budgets: PersonBudgets;
  /** The JSON-lines usage log (APP_USAGE_FILE). */
  usageFile: string;
  /** Signed-in planners' saved areas, one file each, unless STORE=postgis (APP_AREAS_DIR). */
  areasDir: string;
  /** Most saved areas one person may keep (APP_AREAS_PER_PERSON). */
  areasPerPerson: number;
}

function positive(env: NodeJS.ProcessEnv, name: string, def: number | null): number | null {
  const raw = env[name]?.trim();
  if (!raw) return def;
  if (/^off$/i.test(raw)) return null;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, or off`);
  return n;
}

function names(value: string | undefined): Set<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );
}

/**
 * APP_AUTH and what it needs. `spendsToken`: SERVICE_URL is set (upstream or workspace mode).
 * Throws with a message naming the variable when the combination is unsafe or incomplete.
 */
export function authFromEnv(
  env: NodeJS.ProcessEnv,
  opts: { host: string; spendsToken: boolean; dataDir: string; log: (line: string) => void },
): AuthSettings {
  const mode = (env.APP_AUTH?.trim().toLowerCase() || 'none') as AuthMode;
  if (!AUTH_CHOICES.includes(mode)) {
    throw new Error(
      `APP_AUTH must be one of ${AUTH_CHOICES.join(', ')}, got "${env.APP_AUTH?.slice(0, 40)}"`,
    );
  }
  const loopback = isLoopbackHost(opts.host);
  if (mode === 'none' && !loopback) {
    if (opts.spendsToken) {
      throw new Error(
        `APP_AUTH is none but HOST ${opts.host} is reachable from other machines, and SERVICE_URL makes every request spend the service token; set APP_AUTH to password, proxy or oidc (choices: ${AUTH_CHOICES.join(', ')}), or listen on 127.0.0.1`,
      );
    }
    opts.log(
      `warning: APP_AUTH is none and HOST ${opts.host} is reachable from other machines: anyone who can connect can use the app (set APP_AUTH=password or proxy to require sign-in)`,
    );
  }
  const trustedValue = env.TRUSTED_PROXIES?.trim() ?? '';
  const trusted = trustedValue ? parseTrustedProxies(trustedValue) : null;
  const usersFile = resolve(env.APP_USERS_FILE?.trim() || '');
  if (mode === 'password') {
    if (!env.APP_USERS_FILE?.trim())
      throw new Error(
        'APP_AUTH=password needs APP_USERS_FILE (create it with npm run users -- add NAME)',
      );
    if (!existsSync(usersFile))
      throw new Error(
        `APP_USERS_FILE ${env.APP_USERS_FILE} does not exist; create it with npm run users -- add NAME`,
      );
  }
  if (mode === 'proxy' && !trusted)
    throw new Error(
      'APP_AUTH=proxy needs TRUSTED_PROXIES: the addresses of the reverse proxy whose APP_AUTH_HEADER is believed',
    );
  const header = (env.APP_AUTH_HEADER?.trim() || 'X-Forwarded-User').toLowerCase();
  if (!/^[a-z0-9-]{1,64}$/.test(header))
    throw new Error('APP_AUTH_HEADER must be a header name, e.g. X-Forwarded-User');
  const sessionHours = positive(env, 'APP_SESSION_HOURS', 12);
  if (sessionHours === null || sessionHours > 24 * 90)
    throw new Error('APP_SESSION_HOURS must be a number of hours from above 0 to 2160');
  return {
    mode,
    usersFile,
    header,
    trusted,
    oidc: mode === 'oidc' ? oidcFromEnv(env) : null,
    sessionHours,
    admins: names(env.APP_ADMINS),
    budgets: {
      perMinute: positive(env, 'APP_USER_RATE_LIMIT', null),
      creditsPerDay: positive(env, 'APP_USER_CREDITS_PER_DAY', null),
      totalCreditsPerDay: positive(env, 'APP_CREDITS_PER_DAY', null),
    },
    usageFile: resolve(env.APP_USAGE_FILE?.trim() || resolve(opts.dataDir, 'usage.jsonl')),
    areasDir: resolve(env.APP_AREAS_DIR?.trim() || resolve(opts.dataDir, 'areas')),
    areasPerPerson: Math.max(1, Math.floor(positive(env, 'APP_AREAS_PER_PERSON', 200) ?? 200)),
  };
}
