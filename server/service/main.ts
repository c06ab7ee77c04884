// `npm run service`: the reference service standalone, with tokens, over the demo fabric in
// memory or (STORE=postgis) the PostGIS database at DATABASE_URL.
import { readCommandLine } from '../config/command-line';
import { resolve } from 'node:path';
import { parseServerEnv } from '../config/server-env';
import { parseStoreEnv } from '../config/store-env';
import { exitOnSignals } from '../node-http/http-server';
import { resolveServiceTokens } from './http/dev-token';
import { dialectFromEnv } from '../contract/dialect';
import { parsePoolEnv } from './pool/pool-env';
import { startServicePool } from './pool/service-pool';
import { startStandaloneService } from './standalone-server';
import { openStore } from './store/open-store';

readCommandLine(
  {
    name: 'service',
    usage: `usage: npm run service
  The reference service alone, with tokens, on PORT (8787) and HOST (127.0.0.1), over the demo
  fabric in memory or, with STORE=postgis, the PostGIS database at DATABASE_URL. Set by the
  environment: SERVICE_TOKENS (else a dev token in .data/dev-token), SERVICE_RATE_LIMIT,
  SERVICE_DIALECT, SERVICE_WORKERS, DEMO_LOCATIONS, the timeouts and connection limits;
  README.md, "Configuration", lists them all.`,
  },
  {},
);

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
  const store = await openStore(parseStoreEnv(env), {
    demoLocations: positiveInt(env.DEMO_LOCATIONS, 'DEMO_LOCATIONS'),
    log,
  });
  // Before listening: every POST operation waits for a worker that has started.
  const heavy = await startServicePool(store, poolSettings, { dialect, log });
  const service = await startStandaloneService({
    store,
    tokens,
    dialect,
    ...(perMinute ? { rateLimit: { perMinute } } : {}),
    ...(heavy ? { pool: heavy.pool, continuationKey: heavy.continuationKey } : {}),
    port,
    host,
    limits,
    log,
  }).catch((err: unknown) => {
    throw new Error(
      `cannot listen on ${host}:${port}: ${err instanceof Error ? err.message : String(err)}`,
    );
  });
  log(`listening on ${service.url}`);
  // Requests in flight may finish; keep-alive sockets that stay idle do not hold the exit. The
  // store is closed last, once nothing can ask it anything.
  exitOnSignals(async () => {
    await service.close({ drain: true });
    await store.close();
  }, log);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
