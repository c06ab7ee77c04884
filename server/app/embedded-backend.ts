// The default backend: the reference service over the demo store, in process, without tokens
// (the browser never holds one and nothing leaves the machine). With a worker pool, as the
// standalone service: its POST operations (area summaries among them) run in worker threads, so
// the map's tiles and clicks are answered while one is worked out. Locate, as on the standalone
// service, is answered ahead of the service's app (service/http/locate-answer.ts).
import { createServiceApp } from '../service/app';
import type { Dialect } from '../service/http/dialect';
import { isLocateTarget, LOCATE, locateAnswerer } from '../service/http/locate-answer';
import { storeHealth } from '../service/http/store-health';
import { ANONYMOUS_ACCOUNT, createUsageMeter } from '../service/http/usage-meter';
import type { ServicePool } from '../service/pool/service-pool';
import type { Store } from '../service/store/store';
import type { Backend } from './backend';
import type { LineLogger } from './log-lines';

export function createEmbeddedBackend(
  store: Store,
  logError?: LineLogger,
  dialect?: Dialect,
  heavy?: ServicePool | null,
): Backend {
  // One meter for the service and the locates answered ahead of it, as the standalone has.
  const usage = createUsageMeter();
  const locate = locateAnswerer(store);
  const service = createServiceApp({
    store,
    tokens: null,
    usage,
    ...(logError ? { logError } : {}),
    ...(dialect ? { dialect } : {}),
    ...(heavy ? { pool: heavy.pool, continuationKey: heavy.continuationKey } : {}),
  });
  return {
    kind: 'embedded',
    // The top bar's badge: a PostGIS store holds whatever fabric was imported, not the demo.
    label: store.kind === 'postgis' ? 'Fabric database (PostGIS)' : 'Demo data (synthetic)',
    handle: async (request) => service.fetch(request),
    fastGet: async (target) => {
      if (!isLocateTarget(target)) return null;
      // Whatever fails here is handle()'s to answer and log, as it would have been anyway.
      const answered = await locate(target).catch(() => null);
      if (!answered) return null;
      usage.record(ANONYMOUS_ACCOUNT, LOCATE, answered.status);
      return new Response(answered.body, {
        status: answered.status,
        headers: { ...answered.headers, 'Content-Type': 'application/json' },
      });
    },
    health: () => storeHealth(store),
    close: async () => heavy?.pool.close(),
  };
}
