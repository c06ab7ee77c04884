// Starts the app server on a port: picks the backend from the environment (the embedded
// reference service over the demo fabric, or the PostGIS database with STORE=postgis, unless
// SERVICE_URL names the real service), then serves the built app and /api behind the front
// door (Host allowlist, timeouts, connection cap).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dialectFromEnv } from '../contract/dialect';
import { parsePoolEnv } from '../service/pool/pool-env';
import { startServicePool } from '../service/pool/service-pool';
import type { Store } from '../service/store/store';
import { authFromEnv } from './auth/auth-env';
import { areaStoreFromEnv } from './areas/open-area-store';
import type { Backend } from './backend';
import { parseBasemapEnv } from './basemap-env';
import { createAppServer } from './create-app-server';
import { createEmbeddedBackend } from './embedded-backend';
import type { DataSource } from '../../shared/capabilities';
import { closeServer, createHttpServer, fetchListener, listen } from '../node-http/http-server';
import { hostAllowlist } from './host-allowlist';
import { lineLogger } from '../node-http/log-lines';
import { parseServerEnv } from '../config/server-env';
import { parseStoreEnv } from '../config/store-env';
import { createUpstreamBackend } from './upstream-backend';
import {
  embeddedClientRateLimit,
  upstreamAccessFromEnv,
  upstreamLimitsFromEnv,
} from './upstream-env';
import { withClientRateLimit } from './client-rate-limit';
import { syncCreditsFromEnv, withWorkspaceSync } from './workspace-sync/upstream-workspace';
import { DEFAULT_WORKSPACE_DIR } from '../workspace/workspace-dir';

export interface StartOptions {
  port?: number;
  host?: string;
  distDir?: string;
  /** Backend choice, ALLOWED_HOSTS, timeouts and MAX_CONNECTIONS are read from here. */
  env?: NodeJS.ProcessEnv;
  /** Where lines go; they arrive escaped and tagged with their request id. */
  log?: (line: string) => void;
  /** A ready store for the embedded backend (tests); otherwise the demo store is loaded. */
  store?: Store;
  /** Upstream answer deadline; 10 s unless a test wants it short. */
  upstreamTimeoutMs?: number;
}

export interface RunningAppServer {
  url: string;
  close(): Promise<void>;
}

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

export function appVersion(): string {
  try {
    const pkg: unknown = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8'));
    const version =
      typeof pkg === 'object' && pkg !== null && 'version' in pkg ? pkg.version : null;
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

/** The backend the environment asks for. Throws with a message naming the bad variable. */
/** A database named for a stamp: its name and host, never its user or password. */
function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    return `${decodeURIComponent(u.pathname.slice(1)) || 'postgres'} on ${u.host || 'localhost'}`;
  } catch {
    return 'PostGIS';
  }
}

export async function backendFromEnv(
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  opts: { store?: Store; upstreamTimeoutMs?: number } = {},
): Promise<Backend> {
  const serviceUrl = env.SERVICE_URL?.trim();
  if (!serviceUrl) {
    // Read before the store loads, so a bad value fails at once.
    const dialect = dialectFromEnv(env.SERVICE_DIALECT);
    const clientLimit = embeddedClientRateLimit(env);
    const poolSettings = parsePoolEnv(env);
    const storeSettings = parseStoreEnv(env);
    // Imported lazily: upstream mode never needs the demo generator nor the database.
    const store =
      opts.store ??
      (await import('../service/store/open-store')).openStore(storeSettings, {
        demoLocations: positiveInt(env.DEMO_LOCATIONS, 'DEMO_LOCATIONS'),
        log,
      });
    const ready = await store;
    const heavy = await startServicePool(ready, poolSettings, { dialect, log });
    const data: DataSource | undefined =
      storeSettings.kind === 'postgis'
        ? { kind: 'imported', database: describeDatabase(storeSettings.url) }
        : undefined;
    const embedded = createEmbeddedBackend(ready, {
      logError: log,
      dialect,
      heavy,
      ...(data ? { data } : {}),
    });
    // A store loaded here is this backend's to close; one given by a test stays its giver's.
    const owned: Backend = opts.store
      ? embedded
      : {
          ...embedded,
          close: async () => {
            await embedded.close?.();
            await ready.close();
          },
        };
    return withClientRateLimit(owned, clientLimit);
  }
  const access = upstreamAccessFromEnv(env, log);
  const upstream = createUpstreamBackend({
    ...access,
    log,
    ...upstreamLimitsFromEnv(env),
    ...(opts.upstreamTimeoutMs ? { timeoutMs: opts.upstreamTimeoutMs } : {}),
  });
  // The project's own views over the counties synced from this host (npm run sync, or the app's
  // Add to workspace), if any: from the folder, or with STORE=postgis from the workspace
  // published into the database; switched to a new sync without a restart.
  const dir = resolve(env.WORKSPACE_DIR?.trim() || DEFAULT_WORKSPACE_DIR);
  return withWorkspaceSync(upstream, access, dir, parseStoreEnv(env), syncCreditsFromEnv(env), log);
}

export async function startAppServer(opts: StartOptions = {}): Promise<RunningAppServer> {
  const env = opts.env ?? process.env;
  const log = lineLogger(opts.log ?? ((line: string) => console.log(line)));
  const front = parseServerEnv(env, { port: opts.port ?? 0 });
  const host = opts.host ?? front.host;
  let port = opts.port ?? front.port;
  // Before the backend starts: an unsafe or incomplete sign-in setting stops the server here.
  const auth = authFromEnv(env, {
    host,
    spendsToken: Boolean(env.SERVICE_URL?.trim()),
    dataDir: resolve(ROOT, '.data'),
    log,
  });
  // Before the backend starts, as sign-in: a bad basemap setting stops the server here.
  const basemap = parseBasemapEnv(env);
  const backend = await backendFromEnv(env, log, {
    ...(opts.store ? { store: opts.store } : {}),
    ...(opts.upstreamTimeoutMs ? { upstreamTimeoutMs: opts.upstreamTimeoutMs } : {}),
  });
  const areas = await areaStoreFromEnv(env, auth, log);
  const app = createAppServer({
    backend,
    distDir: opts.distDir ?? resolve(ROOT, 'dist'),
    version: appVersion(),
    log,
    basemapStyle: basemap.onlineOrigin ?? env.VITE_BASEMAP_STYLE,
    basemap,
    auth: { settings: auth, ...(areas ? { areas } : {}) },
    // The port is known once listening (PORT 0 picks one).
    hosts: hostAllowlist({ port: () => port, bindHost: host, extra: front.allowedHosts }),
  });
  const server = createHttpServer(fetchListener(app.fetch, log), front.limits, log);
  try {
    port = await listen(server, port, host);
  } catch (err) {
    await backend.close?.();
    await areas?.close();
    throw err;
  }
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    close: async () => {
      await closeServer(server);
      await backend.close?.();
      await areas?.close();
    },
  };
}
