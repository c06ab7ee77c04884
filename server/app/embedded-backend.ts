// The default backend: the reference service over the demo store, in process, without tokens
// (the browser never holds one and nothing leaves the machine). With a worker pool, as the
// standalone service: its POST operations (area summaries among them) run in worker threads, so
// the map's tiles and clicks are answered while one is worked out. Locate, as on the standalone
// service, is answered ahead of the service's app (service/http/locate-answer.ts).
import {
  ALL_VIEWS,
  dataSourceLabel,
  type BackendViews,
  type DataSource,
} from '../../shared/capabilities';
import { createServiceApp } from '../service/app';
import type { Dialect } from '../contract/dialect';
import { isLocateTarget, LOCATE, locateAnswerer } from '../service/http/locate-answer';
import { storeHealth } from '../service/http/store-health';
import { ANONYMOUS_ACCOUNT, createUsageMeter } from '../service/http/usage-meter';
import type { ServicePool } from '../service/pool/service-pool';
import type { Store } from '../service/store/store';
import type { Backend } from './backend';
import type { LineLogger } from '../node-http/log-lines';

export interface EmbeddedOptions {
  logError?: LineLogger;
  dialect?: Dialect;
  /** The worker pool for heavy POST operations; none answers them in process. */
  heavy?: ServicePool | null;
  /**
   * Where the store's data came from, when the store can't tell (the database imported into,
   * a workspace's source); by default the demo, or an imported fabric for a PostGIS store.
   */
  data?: DataSource;
  /** The project's own views it serves; all of them by default. */
  views?: BackendViews;
}

export function createEmbeddedBackend(store: Store, opts: EmbeddedOptions = {}): Backend {
  const { logError, dialect, heavy, views = ALL_VIEWS } = opts;
  const data: DataSource =
    opts.data ??
    (store.kind === 'postgis' ? { kind: 'imported', database: 'PostGIS' } : { kind: 'demo' });
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
    label: dataSourceLabel(data),
    capabilities: { data, views },
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
