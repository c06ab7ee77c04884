// Both servers the front door guards, on loopback ports, wired as their mains wire them: the
// app server with the embedded service, and the standalone service (locate hot path, then Hono)
// with a token. Front-door variables (timeouts, MAX_CONNECTIONS) come from `env`.
import { startStandaloneService } from '../../service/standalone-server';
import { createMemoryStore } from '../../service/store/memory/memory-store';
import type { Store } from '../../service/store/store';
import { buildFixtureFabric } from '../../service/testing/fixture-fabric';
import { parseServerEnv } from '../../config/server-env';
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
  const { limits } = parseServerEnv(env, { port: 0 });
  // As main.ts builds it: the locate hot path (valid tokens only), then Hono and its throttle.
  const service = await startStandaloneService({
    store: store(),
    tokens: [SERVICE_TOKEN],
    logError: (m) => logs.push(m),
    port: 0,
    host: '127.0.0.1',
    limits,
    log: (line) => logs.push(line),
  });
  return {
    url: service.url,
    logs,
    base: '',
    auth: { Authorization: `Bearer ${SERVICE_TOKEN}` },
    close: () => service.close(),
  };
}
