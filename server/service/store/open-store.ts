// The store the environment asks for, opened for a server: the demo fabric in memory (generated
// or read from .data/), or the PostGIS database at DATABASE_URL. Either way the caller closes it.
import type { StoreSettings } from '../../config/store-env';
import type { Store } from './store';

export interface OpenStoreOptions {
  /** DEMO_LOCATIONS: the demo fabric's size (the memory store only). */
  demoLocations?: number;
  log: (line: string) => void;
}

export async function openStore(settings: StoreSettings, opts: OpenStoreOptions): Promise<Store> {
  if (settings.kind === 'postgis') {
    // Imported lazily, each: one kind of store never loads the other's code.
    const { openPostgisStore } = await import('./postgis/postgis-store');
    const { describeUrl } = await import('../../postgis/connection');
    const store = await openPostgisStore(settings.url, {
      poolSize: settings.poolSize,
      statementTimeoutMs: settings.statementTimeoutMs,
      connectTimeoutMs: settings.connectTimeoutMs,
      log: opts.log,
    });
    const releases = (await store.fabricVintages()).map((v) => v.vintage);
    opts.log(`store: PostGIS at ${describeUrl(settings.url)}, releases ${releases.join(', ')}`);
    return store;
  }
  const { loadDemoStore } = await import('../../demo/load-demo-store');
  const { warmMemoryStore } = await import('./memory/memory-store');
  const store = await loadDemoStore({
    ...(opts.demoLocations ? { locations: opts.demoLocations } : {}),
    log: opts.log,
  });
  // In slices while the server starts and answers: the first hexagon tile then waits for
  // little or nothing, and nothing waits for the grouping as a whole.
  const started = performance.now();
  warmMemoryStore(store)?.then(
    () => opts.log(`hexagon cells grouped in ${Math.round(performance.now() - started)} ms`),
    (err: unknown) => {
      // A store closed before the end; any other failure is retried by the first hexagon tile.
      if (!(err instanceof Error && err.name === 'AbortError'))
        opts.log(`hexagon cells not grouped: ${err instanceof Error ? err.message : String(err)}`);
    },
  );
  return store;
}
