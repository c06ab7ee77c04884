// `npm run bench -- --sync`: the workspace sync (npm run sync) of the demo county through the
// published proxy (the reference service behind only the operations the real service
// publishes), unthrottled: requests per operation, credits and seconds, then the workspace read
// into the memory store. The time at 600 requests a minute is computed from the request count
// (the budget sends at most that many a minute, so it is requests / 600 minutes once that is
// longer than the unthrottled run; running it would take that long). Then the same at a larger
// demo fabric (--locations, default 1,000,000): when the rate just measured says that run
// would pass about five minutes, it is measured at the size that fits and extrapolated
// linearly (every term of the request formula grows with the locations), both printed. With
// --size N, a whole sync at that size into the memory store and into PostGIS instead
// (sync-at-size.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_LOCATIONS, DEFAULT_SEED } from '../server/demo/generate-fabric';
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import { createMemoryStore } from '../server/service/store/memory/memory-store';
import { runSync } from '../server/workspace/run-sync';
import { startPublishedProxy, TOKEN } from '../server/workspace/published-proxy';
import { readWorkspaceFabric } from '../server/workspace/workspace-files';
import { benchSyncAtSize } from './sync-at-size';

const RATE = 600;
/** About the longest one measured run may take on a shared machine. */
const BUDGET_SECONDS = 300;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

interface SyncRun {
  locations: number;
  requests: number;
  perOperation: Record<string, number>;
  credits: number;
  seconds: number;
  /** Minutes at RATE requests a minute: the budget's floor, or the run itself if longer. */
  atRateMinutes: number;
  /** Reading the workspace into the memory store, seconds. */
  loadSeconds: number;
  /** Locations the newest vintage no longer holds (one history call each). */
  retired: number;
}

async function syncRun(locations: number, log: (line: string) => void): Promise<SyncRun> {
  const fabric = await loadDemoFabric({ locations, seed: DEFAULT_SEED, log });
  const proxy = await startPublishedProxy(fabric);
  const dir = mkdtempSync(join(tmpdir(), 'bench-sync-'));
  try {
    const started = performance.now();
    const manifest = await runSync({
      access: { url: proxy.url, token: TOKEN, tokenType: 'Bearer', auth: 'bearer' },
      counties: [fabric.county.geoid],
      ratePerMinute: Number.MAX_SAFE_INTEGER,
      concurrency: 4,
      credits: null,
      workspaceDir: dir,
      log: () => {},
    });
    const seconds = (performance.now() - started) / 1000;
    const loading = performance.now();
    const store = createMemoryStore(readWorkspaceFabric(dir, manifest));
    const loadSeconds = (performance.now() - loading) / 1000;
    await store.close();
    const requests = Object.values(manifest.requests).reduce((a, b) => a + b, 0);
    return {
      locations: manifest.locations,
      requests,
      perOperation: manifest.requests,
      credits: manifest.credits,
      seconds,
      atRateMinutes: Math.max(seconds / 60, requests / RATE),
      loadSeconds,
      retired: manifest.requests['GET history'] ?? 0,
    };
  } finally {
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function show(label: string, r: SyncRun, log: (line: string) => void) {
  const ops = Object.entries(r.perOperation)
    .map(([op, n]) => `${op} ${n}`)
    .join(', ');
  log(
    `${label}: ${r.locations} locations held, ${r.requests} requests (${ops}), ${r.credits} credits`,
  );
  log(
    `  unthrottled ${round(r.seconds)} s; at ${RATE}/min ${round(r.atRateMinutes)} min (computed from the request count); workspace into the memory store ${round(r.loadSeconds, 2)} s`,
  );
}

export async function benchSync(
  largeLocations: number,
  log: (line: string) => void,
  size?: number,
): Promise<Record<string, number>> {
  log(`sync of the demo county (${DEFAULT_LOCATIONS} locations) through the published proxy`);
  const demo = await syncRun(DEFAULT_LOCATIONS, log);
  show('demo county', demo, log);
  const demoFigures = {
    sync_demo_locations: demo.locations,
    sync_demo_requests: demo.requests,
    sync_demo_credits: demo.credits,
    sync_demo_seconds: round(demo.seconds),
    sync_demo_at600_minutes: round(demo.atRateMinutes),
    sync_demo_retired: demo.retired,
  };
  if (size !== undefined) return { ...demoFigures, ...(await benchSyncAtSize(size, log)) };
  // The size whose run fits the budget at the pace just measured (locations per second).
  const pace = DEFAULT_LOCATIONS / demo.seconds;
  const measured = Math.min(
    largeLocations,
    Math.max(DEFAULT_LOCATIONS, Math.floor((pace * BUDGET_SECONDS) / 10_000) * 10_000),
  );
  log(
    `sync of a ${measured}-location demo fabric${measured < largeLocations ? ` (${largeLocations} would take about ${round(largeLocations / pace / 60)} min here)` : ''}`,
  );
  const large = await syncRun(measured, log);
  show(`${measured} locations`, large, log);
  const scale = largeLocations / measured;
  const figures: Record<string, number> = {
    ...demoFigures,
    sync_large_measured_locations: large.locations,
    sync_large_requests: large.requests,
    sync_large_seconds: round(large.seconds),
    sync_large_load_seconds: round(large.loadSeconds, 2),
  };
  if (scale > 1) {
    const requests = Math.round(large.requests * scale);
    const seconds = large.seconds * scale;
    log(
      `  extrapolated to ${largeLocations} locations: about ${requests} requests, ${Math.round(large.credits * scale)} credits, ${round(seconds)} s unthrottled, ${round(Math.max(seconds / 60, requests / RATE))} min at ${RATE}/min, ${round(large.loadSeconds * scale, 1)} s into the memory store`,
    );
    Object.assign(figures, {
      sync_large_requests_extrapolated: requests,
      sync_large_seconds_extrapolated: round(seconds),
    });
  }
  return figures;
}
