// `npm run service`: the reference service standalone, over the demo fabric, with tokens.
import { resolve } from 'node:path';
import { parseServerEnv } from '../config/server-env';
import { createServiceApp } from './app';
import { resolveServiceTokens } from './http/dev-token';
import { dialectFromEnv } from './http/dialect';
import { createAuthFailures } from './http/auth-failures';
import { locateFastPath } from './http/locate-fast-path';
import { createUsageMeter } from './http/usage-meter';
import { parsePoolEnv } from './pool/pool-env';
import { startServicePool } from './pool/service-pool';
import { createServiceServer } from './standalone-server';
import { loadDemoStore } from './store/load-store';

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}

async function main(): Promise<void> {
  const env = process.env;
  // PORT, HOST, timeouts and MAX_CONNECTIONS: the same variables as the app server's.
  const { port, host, limits } = parseServerEnv(env, { port: 8787 });
  const log = (msg: string) => console.log(msg);
  const tokens = await resolveServiceTokens(env, resolve('.data', 'dev-token'), log);
  const perMinute = positiveInt(env.SERVICE_RATE_LIMIT, 'SERVICE_RATE_LIMIT');
  const dialect = dialectFromEnv(env.SERVICE_DIALECT);
  const poolSettings = parsePoolEnv(env);
  const store = await loadDemoStore({
    locations: positiveInt(env.DEMO_LOCATIONS, 'DEMO_LOCATIONS'),
    log,
  });
  // One meter for Hono and the hot path, so getusage counts every call.
  const usage = createUsageMeter();
  // One throttle of failed authentications for Hono and the hot path alike.
  const authFailures = createAuthFailures();
  // Before listening: every POST operation waits for a worker that has started.
  const heavy = await startServicePool(store, poolSettings, { dialect, log });
  const app = createServiceApp({
    store,
    tokens,
    usage,
    authFailures,
    dialect,
    ...(perMinute ? { rateLimit: { perMinute } } : {}),
    ...(heavy ? { pool: heavy.pool, continuationKey: heavy.continuationKey } : {}),
  });
  // With a rate limit, every request must pass Hono's limiter: no hot path then.
  const server = createServiceServer({
    fetch: app.fetch,
    fastPath: perMinute ? null : locateFastPath(store, tokens, usage, authFailures),
    limits,
    log,
  });
  server.once('error', (err) => {
    console.error(`cannot listen on ${host}:${port}: ${err.message}`);
    process.exit(1);
  });
  server.listen(port, host, () => {
    const address = server.address();
    log(
      `listening on http://${host}:${typeof address === 'object' && address ? address.port : port}`,
    );
  });
  const shutdown = (signal: string) => {
    log(`${signal}: shutting down`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // Keep-alive connections may hold close() open; don't wait on them forever.
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
