// Both servers the front door guards, on loopback ports, wired as their mains wire them: the
// app server with the embedded service, and the standalone service (locate hot path, then Hono)
// with a token. Front-door variables (timeouts, MAX_CONNECTIONS) come from `env`.
import { createServiceApp } from '../../service/app';
import { locateFastPath } from '../../service/http/locate-fast-path';
import { createUsageMeter } from '../../service/http/usage-meter';
import { createServiceServer } from '../../service/standalone-server';
import { createMemoryStore } from '../../service/store/memory-store';
import type { Store } from '../../service/store/store';
import { buildFixtureFabric } from '../../service/testing/fixture-fabric';
import { parseServerEnv } from '../../config/server-env';
import { closeServer, listen } from '../http-server';
import { startAppServer } from '../start-app-server';

export const SERVICE_TOKEN = 'front-door-token';

export interface FrontDoorServer {
  url: string;
  /** Lines the server logged (requests, refusals, internal errors). */
  logs: string[];
  /** Prefix of service paths on this server: "/api" on the app server, "" standalone. */
  base: string;
  /** Headers every service request needs (the token, standalone). */
  auth: Record<string, string>;
  close(): Promise<void>;
}

let fixtureStore: Store | undefined;
function store(): Store {
  fixtureStore ??= createMemoryStore(buildFixtureFabric());
  return fixtureStore;
}

export async function startAppFrontDoor(
  env: Record<string, string> = {},
  distDir = '/nonexistent-dist',
): Promise<FrontDoorServer> {
  const logs: string[] = [];
  const app = await startAppServer({
    port: 0,
    distDir,
    env,
    store: store(),
    log: (line) => logs.push(line),
  });
  return { url: app.url, logs, base: '/api', auth: {}, close: () => app.close() };
}

export async function startServiceFrontDoor(
  env: Record<string, string> = {},
): Promise<FrontDoorServer> {
  const logs: string[] = [];
  const tokens = [SERVICE_TOKEN];
  // As main.ts: one usage meter for Hono and the hot path.
  const usage = createUsageMeter();
  const app = createServiceApp({ store: store(), tokens, usage, logError: (m) => logs.push(m) });
  const { limits } = parseServerEnv(env, { port: 0 });
  const server = createServiceServer({
    fetch: app.fetch,
    fastPath: locateFastPath(store(), tokens, usage),
    limits,
    log: (line) => logs.push(line),
  });
  const port = await listen(server, 0, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}`,
    logs,
    base: '',
    auth: { Authorization: `Bearer ${SERVICE_TOKEN}` },
    close: () => closeServer(server),
  };
}
