// Which store the service answers from, read once at start by both servers (the standalone
// service and the app server's embedded one): the demo fabric in memory (the default), or the
// PostGIS database `npm run import` loaded (STORE=postgis with DATABASE_URL). A malformed value
// stops the server with a message naming the variable rather than falling back silently.
import { z } from 'zod';
import { emptyToUndefined, secondsEnv, wholeNumberEnv } from '../node-http/env-number';

/** Defaults: documented in the README's Configuration table. */
export const STORE_ENV_DEFAULTS = {
  STORE: 'memory',
  DATABASE_POOL_SIZE: 10,
  DATABASE_STATEMENT_TIMEOUT_S: 30,
  DATABASE_CONNECT_TIMEOUT_S: 5,
} as const;

const storeEnvSchema = z.object({
  STORE: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.trim().toLowerCase()) : v),
    z
      .enum(['memory', 'postgis'], { error: 'STORE must be "memory" or "postgis"' })
      .default(STORE_ENV_DEFAULTS.STORE),
  ),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  DATABASE_POOL_SIZE: wholeNumberEnv(
    'DATABASE_POOL_SIZE',
    1,
    200,
    STORE_ENV_DEFAULTS.DATABASE_POOL_SIZE,
  ),
  DATABASE_STATEMENT_TIMEOUT_S: secondsEnv(
    'DATABASE_STATEMENT_TIMEOUT_S',
    STORE_ENV_DEFAULTS.DATABASE_STATEMENT_TIMEOUT_S,
    3600,
  ),
  DATABASE_CONNECT_TIMEOUT_S: secondsEnv(
    'DATABASE_CONNECT_TIMEOUT_S',
    STORE_ENV_DEFAULTS.DATABASE_CONNECT_TIMEOUT_S,
    60,
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
