// The service's heavy-work pool: worker threads that answer every POST operation (summarize,
// collect3, bulk, POST locate and match, coverage bulk, h3assign: the operations whose cost
// grows with their body), while the event loop keeps locate and the GETs. Measured on the demo
// fabric before the pool, a worst-case area kept locate waiting 150-720 ms, and the bulk POSTs
// 5-350 ms each at their limits; the GETs cost about a millisecond or less (tiles are cached).
//
// The workers read the main thread's fabric and index in place (SharedArrayBuffer): at a
// million locations a copy per worker would cost about 300 MB. What a worker builds lazily for
// itself (per-vintage coverage columns, the match index, collect3's polygon trees) it holds
// alone.
import { randomBytes } from 'node:crypto';
import { sharedIndexParts } from '../store/memory/fabric-index';
import { memoryStoreIndex } from '../store/memory/memory-store';
import { shareFabric } from '../store/memory/shared-fabric';
import type { CollectLimits, Store } from '../store/store';
import type { Dialect } from '../../contract/dialect';
import type { HeavyWorkerData } from './heavy-worker';
import type { PoolSettings } from './pool-env';
import { createWorkerPool, type WorkerPool } from './worker-pool';

export interface ServicePool {
  pool: WorkerPool;
  /** collect3's continuation key, shared by the event loop and every worker. */
  continuationKey: Uint8Array;
}

/** The worker entry: TypeScript under tsx (dev, tests), the bundle's sibling when compiled. */
function workerEntry(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? './heavy-worker.ts' : './heavy-worker.mjs', here);
}

/**
 * Starts the pool and waits for its workers, or returns null when the settings ask for none or
 * the store is not the in-memory one (nothing to share with a thread; answered in process).
 */
export async function startServicePool(
  store: Store,
  settings: PoolSettings,
  opts: { dialect?: Dialect; collectLimits?: CollectLimits; log: (line: string) => void },
): Promise<ServicePool | null> {
  if (settings.workers === 0) return null;
  const ix = memoryStoreIndex(store);
  if (!ix) {
    opts.log('no worker pool: the store is not the in-memory one; answering in process');
    return null;
  }
  const continuationKey = new Uint8Array(randomBytes(32));
  const workerData: HeavyWorkerData = {
    // Shared already when read from the cache; a test fabric is copied into shared memory once.
    fabric: shareFabric(ix.fabric),
    index: sharedIndexParts(ix),
    continuationKey,
    ...(opts.dialect ? { dialect: opts.dialect } : {}),
    ...(opts.collectLimits ? { collectLimits: opts.collectLimits } : {}),
  };
  const pool = createWorkerPool({
    entry: workerEntry(),
    workerData,
    workers: settings.workers,
    queue: settings.queue,
    timeoutMs: settings.timeoutMs,
    log: opts.log,
  });
  try {
    await pool.started;
  } catch (err) {
    await pool.close();
    throw err;
  }
  return { pool, continuationKey };
}
