// The default backend: the reference service over the demo store, in process, without tokens
// (the browser never holds one and nothing leaves the machine). With a worker pool, as the
// standalone service: its POST operations (area summaries among them) run in worker threads, so
// the map's tiles and clicks are answered while one is worked out.
import { createServiceApp } from '../service/app';
import type { Dialect } from '../service/http/dialect';
import { storeHealth } from '../service/http/store-health';
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
  const service = createServiceApp({
    store,
    tokens: null,
    ...(logError ? { logError } : {}),
    ...(dialect ? { dialect } : {}),
    ...(heavy ? { pool: heavy.pool, continuationKey: heavy.continuationKey } : {}),
  });
  return {
    kind: 'embedded',
    // The top bar's badge: a PostGIS store holds whatever fabric was imported, not the demo.
    label: store.kind === 'postgis' ? 'Fabric database (PostGIS)' : 'Demo data (synthetic)',
    handle: async (request) => service.fetch(request),
    health: () => storeHealth(store),
    close: async () => heavy?.pool.close(),
  };
}
