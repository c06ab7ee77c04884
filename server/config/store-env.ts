// Which store the service answers from, read once at start by both servers (the standalone
// service and the app server's embedded one): the demo fabric in memory (the default), or the
// PostGIS database `npm run import` loaded (STORE=postgis with DATABASE_URL). A malformed value
// stops the server with a message naming the variable rather than falling back silently.
import { z } from 'zod';

/** Defaults: documented in the README's Configuration table. */
export const STORE_ENV_DEFAULTS = {
  STORE: 'memory',
  DATABASE_POOL_SIZE: 10,
  DATABASE_STATEMENT_TIMEOUT_S: 30,
  DATABASE_CONNECT_TIMEOUT_S: 5,
} as const;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

function number(name: string, rule: string, ok: (n: number) => boolean, def: number) {
  return z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `${name} must be ${rule}` })
      .refine((n) => ok(n), `${name} must be ${rule}`)
      .default(def),
  );
}

const storeEnvSchema = z.object({
  STORE: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.trim().toLowerCase()) : v),
    z
      .enum(['memory', 'postgis'], { error: 'STORE must be "memory" or "postgis"' })
      .default(STORE_ENV_DEFAULTS.STORE),
  ),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  DATABASE_POOL_SIZE: number(
    'DATABASE_POOL_SIZE',
    'a whole number from 1 to 200',
    (n) => Number.isInteger(n) && n >= 1 && n <= 200,
    STORE_ENV_DEFAULTS.DATABASE_POOL_SIZE,
  ),
  DATABASE_STATEMENT_TIMEOUT_S: number(
    'DATABASE_STATEMENT_TIMEOUT_S',
    'a number of seconds greater than 0 and at most 3600',
    (n) => Number.isFinite(n) && n > 0 && n <= 3600,
    STORE_ENV_DEFAULTS.DATABASE_STATEMENT_TIMEOUT_S,
  ),
  DATABASE_CONNECT_TIMEOUT_S: number(
    'DATABASE_CONNECT_TIMEOUT_S',
    'a number of seconds greater than 0 and at most 60',
    (n) => Number.isFinite(n) && n > 0 && n <= 60,
    STORE_ENV_DEFAULTS.DATABASE_CONNECT_TIMEOUT_S,
  ),
});

export type StoreSettings =
  | { kind: 'memory' }
  | {
      kind: 'postgis';
      url: string;
      poolSize: number;
      statementTimeoutMs: number;
      connectTimeoutMs: number;
    };

/** Reads STORE, DATABASE_URL, DATABASE_POOL_SIZE and the DATABASE_*_TIMEOUT_S. */
export function parseStoreEnv(env: Record<string, string | undefined>): StoreSettings {
  const keys = Object.keys(storeEnvSchema.shape);
  const result = storeEnvSchema.safeParse(Object.fromEntries(keys.map((k) => [k, env[k]])));
  if (!result.success) {
    throw new Error(`Invalid store configuration:\n${z.prettifyError(result.error)}`);
  }
  const e = result.data;
  if (e.STORE === 'memory') return { kind: 'memory' };
  const url = e.DATABASE_URL?.trim();
  if (!url) {
    throw new Error(
      'STORE=postgis needs DATABASE_URL, e.g. postgres://user@127.0.0.1:5432/explorer (the database npm run import loaded)',
    );
  }
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('DATABASE_URL must be a postgres:// URL, e.g. postgres://user@host:5432/db');
  }
  return {
    kind: 'postgis',
    url,
    poolSize: e.DATABASE_POOL_SIZE,
    statementTimeoutMs: Math.round(e.DATABASE_STATEMENT_TIMEOUT_S * 1000),
    connectTimeoutMs: Math.round(e.DATABASE_CONNECT_TIMEOUT_S * 1000),
  };
}
