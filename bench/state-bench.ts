// `npm run bench -- --store postgis --state 17 [--locations N] ...`: a synthetic state in PostGIS
// beside the memory store over the 1M demo county, in one run. The state is written and imported
// once (state-fabric.ts) and its import figures read from the record; then the service over each
// store in turn, in a child process: locate under load (over the state, points near locations
// sampled across the whole state), summarize of ~50k locations around the state's densest place,
// and on PostGIS the hexagon tiles covering the state at state zoom (5–8: res 5 and 6), cold
// (a tile's first request, its groups read from the database), under another filter set, and
// cached. The memory store cannot load a state (a `.bin` is one fabric in memory), so its side
// is the county it serves: the ratio is what a planner sees switching stores.
import { loadavg } from 'node:os';
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import { FILTER_SETS, quantile, timed } from './fixed-tiles';
import { fabricWorkload, measureStore } from './measure-service';
import { sideBySide } from './side-by-side';
import { stateFabric, type StateOptions } from './state-fabric';
import { stateHexTiles, stateRequests, statesBoundary } from './state-workload';
import { fixedFiltersRecord } from '../shared/fixed-status';

/** The memory store's side: the demo county at this size. */
const MEMORY_LOCATIONS = 1_000_000;
const TOKEN = 'bench';
const GOALS = { locate_ratio: 0.5, locate_p99_ms: 10, hex_cold_p50_ms: 100, hex_cached_p50_ms: 10 };

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface HexFigures {
  tiles: number;
  coldP50Ms: number;
  coldMaxMs: number;
  otherFilterP50Ms: number;
  cachedP50Ms: number;
  bytesP50: number;
}

/**
 * Every tile covering the state: cold (its first request, under a filter set its neighbour was
 * not asked with), then under another filter set (its groups read), then again (cached).
 */
async function measureStateHex(
  url: string,
  release: string,
  tiles: [number, number, number][],
  log: (line: string) => void,
): Promise<HexFigures> {
  const res = await fetch(`${url}/coverage/vintages?type=bdc`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const cv = ((await res.json()) as string[]).at(-1)!;
  const hexUrl = ([z, x, y]: [number, number, number], k: number) =>
    `${url}/coverage/${cv}/fixedhex/${z}/${x}/${y}.pbf?${new URLSearchParams({
      fabric: release,
      ...fixedFiltersRecord(FILTER_SETS[k % FILTER_SETS.length]!),
    })}`;
  const [cold, other, cached, bytes]: number[][] = [[], [], [], []];
  for (const [k, tile] of tiles.entries()) {
    const first = await timed(hexUrl(tile, k), TOKEN);
    cold.push(first.ms);
    bytes.push(first.bytes);
    other.push((await timed(hexUrl(tile, k + 1), TOKEN)).ms);
    cached.push((await timed(hexUrl(tile, k), TOKEN)).ms);
  }
  const h: HexFigures = {
    tiles: tiles.length,
    coldP50Ms: quantile(cold, 0.5),
    coldMaxMs: Math.max(...cold),
    otherFilterP50Ms: quantile(other, 0.5),
    cachedP50Ms: quantile(cached, 0.5),
    bytesP50: quantile(bytes, 0.5),
  };
  log(
    `hexagon tiles at zooms 5–8 (${h.tiles} tiles covering the state, coverage ${cv}, p50 ${round(h.bytesP50 / 1024)} KiB): cold p50 ${round(h.coldP50Ms)} ms (max ${round(h.coldMaxMs)}), another filter set p50 ${round(h.otherFilterP50Ms)} ms, cached p50 ${round(h.cachedP50Ms, 2)} ms`,
  );
  return h;
}

export async function benchState(opts: StateOptions): Promise<Record<string, number>> {
  const { log, states, release } = opts;
  const loadStart = load();
  log(`load average at start ${loadStart}`);
  log(
    `the state ${states.join(', ')} at ${opts.locations.toLocaleString('en-US')} locations (seed ${opts.seed}, release ${release}) in PostGIS`,
  );
  const db = await stateFabric(opts);
  let figures: Record<string, number>;
  try {
    const r = db.record;
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    const when =
      (db.fresh
        ? 'this run'
        : `an earlier run, ${r.at}${db.otherImporter ? ', by an earlier importer than this one' : ''}`) +
      (r.resumed ? '; resumed after a stop: the files and time of its last run alone' : '');
    log(
      `import (${when}): ${r.rows.toLocaleString('en-US')} rows in ${r.seconds} s (${Math.round(r.rows / r.seconds).toLocaleString('en-US')} rows/s), database ${mb(r.databaseBytes)} MB after import (${mb(db.databaseBytes)} MB now), importer's peak RSS ${r.peakRssMb} MB`,
    );
    for (const phase of r.phases) log(`  ${phase}`);

    log("drawing the workload from the state's database");
    const boundary = statesBoundary(states);
    const stateW = await stateRequests(db.cluster.url, release, boundary);
    const tiles = await stateHexTiles(db.cluster.url);
    log(
      `  ${stateW.count.toLocaleString('en-US')} locations in ${release}; locate near locations sampled across the state; summarize around ${stateW.center.lng.toFixed(3)}, ${stateW.center.lat.toFixed(3)} (the densest 2 km square)`,
    );

    log(
      `memory store: the ${MEMORY_LOCATIONS.toLocaleString('en-US')}-location demo county (the memory store cannot load a state: a .bin is one fabric in memory)`,
    );
    const fabric = await loadDemoFabric({ locations: MEMORY_LOCATIONS, log: (m) => log(`  ${m}`) });
    const memW = fabricWorkload(fabric);
    const m = await measureStore('memory', memW, {
      locations: MEMORY_LOCATIONS,
      token: TOKEN,
      env: {},
      fixedTiles: false,
      log,
    });
    let hex: HexFigures | null = null;
    const p = await measureStore('PostGIS (the state)', stateW, {
      locations: MEMORY_LOCATIONS,
      token: TOKEN,
      env: { STORE: 'postgis', DATABASE_URL: db.cluster.url },
      fixedTiles: false,
      log,
      // At 10M the locate index takes minutes to build before the service listens.
      readyTimeoutMs: 1_800_000,
      also: async (url) => {
        hex = await measureStateHex(url, release, tiles, log);
      },
    });
    log('memory: the demo county at 1M; PostGIS: the state');
    figures = sideBySide(m, p, db, log);
    const ratio = p.locate.rps / m.locate.rps;
    const h = hex as HexFigures | null;
    if (!h) throw new Error('the hexagon tiles were not measured');
    log(`locate PostGIS (state) / memory (county): ${ratio.toFixed(2)}`);
    log('goals:');
    log(`  locate ratio ≥ ${GOALS.locate_ratio}: ${met(ratio >= GOALS.locate_ratio)}`);
    log(
      `  PostGIS locate p99 ≤ ${GOALS.locate_p99_ms} ms: ${met(p.locate.p99Ms <= GOALS.locate_p99_ms)}`,
    );
    log(
      `  hexagon tile cold p50 ≤ ${GOALS.hex_cold_p50_ms} ms: ${met(h.coldP50Ms <= GOALS.hex_cold_p50_ms)}`,
    );
    log(
      `  hexagon tile cached p50 ≤ ${GOALS.hex_cached_p50_ms} ms: ${met(h.cachedP50Ms <= GOALS.hex_cached_p50_ms)}`,
    );
    figures = {
      ...figures,
      locate_rps: Math.round(m.locate.rps),
      locate_p99_ms: m.locate.p99Ms,
      summarize_50k_p50_ms: round(m.s50k.p50Ms, 2),
      state_locations: stateW.count,
      state_locate_ratio: round(ratio, 2),
      state_importer_peak_rss_mb: r.peakRssMb,
      state_import_fresh: db.fresh ? 1 : 0,
      state_hex_tiles: h.tiles,
      state_hex_cold_p50_ms: round(h.coldP50Ms, 2),
      state_hex_cold_max_ms: round(h.coldMaxMs, 2),
      state_hex_other_filter_p50_ms: round(h.otherFilterP50Ms, 2),
      state_hex_cached_p50_ms: round(h.cachedP50Ms, 2),
    };
  } finally {
    db.cluster.stop();
  }
  log(`load average at start ${loadStart}, at end ${load()}`);
  return figures;
}
