// `npm run service`: the reference service standalone, over the demo fabric, with tokens.
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createServiceApp } from './app';
import { resolveServiceTokens } from './http/dev-token';
import { locateFastPath, withLocateFastPath } from './http/locate-fast-path';
import { loadDemoStore } from './store/load-store';

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}

async function main(): Promise<void> {
  const env = process.env;
  const port = positiveInt(env.PORT, 'PORT') ?? 8787;
  const host = env.HOST || '127.0.0.1';
  const log = (msg: string) => console.log(msg);
  const tokens = await resolveServiceTokens(env, resolve('.data', 'dev-token'), log);
  const perMinute = positiveInt(env.SERVICE_RATE_LIMIT, 'SERVICE_RATE_LIMIT');
  const store = await loadDemoStore({
    locations: positiveInt(env.DEMO_LOCATIONS, 'DEMO_LOCATIONS'),
    log,
  });
  const app = createServiceApp({
    store,
    tokens,
    ...(perMinute ? { rateLimit: { perMinute } } : {}),
  });
  // With a rate limit, every request must pass Hono's limiter: no hot path then.
  const server = createServer(
    withLocateFastPath(app.fetch, perMinute ? null : locateFastPath(store, tokens)),
  );
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
