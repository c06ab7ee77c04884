// `npm run bench [-- --json] [-- --store postgis]`: the service over the 1M-location demo fabric,
// on loopback, in a child process. Prints locate throughput/latency, summarize latency at ~50k
// and ~5k locations, the fixed broadband tiles and the service's RSS; with --json, one JSON
// object of the figures on the last line. `--store postgis` then measures the same service over
// the same fabric in PostGIS (imported once into a cluster kept in .data/), side by side.
// First, two throughput ratios measured in turn in the same run (bench/throughput-ratios.ts): the
// app server over the standalone service under the soak's mix, and the service's locate over a
// bare node:http handler doing the same lookup, over the default demo; `--ratios` measures only
// those. `--sync` measures only the workspace sync (bench/sync-figures.ts).
import {
  integerOption,
  readCommandLine,
  refuseCommandLine,
  type Command,
} from '../server/config/command-line';
import { DEFAULT_SEED } from '../server/demo/generate-fabric';
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import { DEMO_VINTAGES } from '../server/demo/vintages';
import {
  fabricWorkload,
  measureStore,
  type ServiceFigures,
  type Workload,
} from './measure-service';
import { benchSync } from './sync-figures';
import { benchWorstCases } from './worst-case-areas';
import { postgisFabric } from './postgis-fabric';
import { sideBySide } from './side-by-side';
import { benchState } from './state-bench';
import { stateCommandLine, type StateOptions } from './state-fabric';
import { measureRatios } from './throughput-ratios';

const NEWEST = DEMO_VINTAGES.at(-1)!.vintage;
const COMMAND: Command = {
  name: 'bench',
  usage: `usage: npm run bench [-- --json] [-- --store memory|postgis] [-- --locations N]
                 [-- --releases N] [-- --ratios | --worst-case | --sync [--size N]]
       npm run bench -- --store postgis --state FIPS[,FIPS...] [--locations N] [--seed N]
                 [--release YYYYMM] [--reimport] [--json]
  The service over the demo fabric on loopback, in a child process; figures against targets.
  --json          the figures as one JSON object on the last line
  --store         postgis measures the PostGIS store beside the memory store (default memory)
  --locations N   the demo fabric's size (default 1000000, at least 10000)
  --releases N    PostGIS loads only the newest N of the 5 releases (default 5)
  --ratios        only the two throughput ratios (app server / service, service / bare handler)
  --worst-case    only the worst-case areas at the limits (CPU, memory, locate meanwhile)
  --sync          only the workspace sync through the published operations: the demo county,
                  then --locations (measured smaller and extrapolated past about 5 minutes)
  --size N        with --sync, instead of that estimate: a whole sync of an N-location fabric
                  into the memory store and into PostGIS (1000000 takes most of an hour)
  --state FIPS    a synthetic state (17 Illinois, 10 Delaware) written and imported once into a
                  bench cluster of its own (reused after; the import figures are the record's),
                  then locate and summarize over it beside the memory store over the 1M demo
                  county, and its hexagon tiles at state zoom; needs --store postgis
  --locations N   with --state, the state's size (default 10000000; 10M takes about 12 minutes
                  to write and 40 to import on 2 cores)
  --seed N        with --state, the generator's seed (default ${DEFAULT_SEED})
  --release R     with --state, the one release written and imported (default ${NEWEST})
  --reimport      with --state, import it again even when the bench cluster holds it`,
};
const { values: ARGS } = readCommandLine(COMMAND, {
  json: { type: 'boolean' },
  store: { type: 'string' },
  locations: { type: 'string' },
  releases: { type: 'string' },
  ratios: { type: 'boolean' },
  'worst-case': { type: 'boolean' },
  sync: { type: 'boolean' },
  size: { type: 'string' },
  state: { type: 'string' },
  seed: { type: 'string' },
  release: { type: 'string' },
  reimport: { type: 'boolean' },
});

/** `--store postgis` adds the PostGIS store beside the memory store; `memory` is the default. */
function storeArg(): 'memory' | 'postgis' {
  const value = ARGS.store ?? 'memory';
  if (value !== 'memory' && value !== 'postgis')
    refuseCommandLine(COMMAND, `--store takes memory or postgis (got "${value.slice(0, 40)}")`);
  return value;
}

/** `--releases N`: PostGIS loads only the newest N releases (what the workload asks is the newest). */
function releasesArg(): number {
  const n = integerOption(COMMAND, 'releases', ARGS.releases, 5, 1);
  if (n > 5) refuseCommandLine(COMMAND, '--releases takes 1 to 5');
  return n;
}

/**
 * `--state`: the synthetic state's options, checked as `npm run demo` checks them; null
 * without it (its companions are refused alone).
 */
function stateArgs(): Omit<StateOptions, 'log'> | null {
  const companions = (['seed', 'release', 'reimport'] as const).filter(
    (k) => ARGS[k] !== undefined,
  );
  if (ARGS.state === undefined) {
    if (companions.length > 0) refuseCommandLine(COMMAND, `--${companions[0]} goes with --state`);
    return null;
  }
  if (ARGS.store !== 'postgis')
    refuseCommandLine(
      COMMAND,
      '--state needs --store postgis (the memory store cannot load a state)',
    );
  const other = (['ratios', 'worst-case', 'sync', 'size', 'releases'] as const).find(
    (k) => ARGS[k] !== undefined,
  );
  if (other) refuseCommandLine(COMMAND, `--${other} does not go with --state`);
  const { states, locations } = stateCommandLine(COMMAND, ARGS.state, ARGS.locations);
  const seed = integerOption(COMMAND, 'seed', ARGS.seed, DEFAULT_SEED, 0);
  if (seed >= 2 ** 32)
    refuseCommandLine(
      COMMAND,
      `--seed takes an integer from 0 to ${2 ** 32 - 1} (got "${ARGS.seed}")`,
    );
  const known = DEMO_VINTAGES.map((v) => v.vintage);
  const release = ARGS.release ?? NEWEST;
  if (!known.includes(release))
    refuseCommandLine(
      COMMAND,
      `--release takes one demo release (${known.join(', ')}), got "${release.slice(0, 40)}"`,
    );
  return { states, locations, seed, release, reimport: ARGS.reimport === true };
}

const STATE = stateArgs();
/** `--locations N` runs the same benchmark over a smaller fabric (a quick check of the harness). */
const LOCATIONS = STATE
  ? STATE.locations
  : integerOption(COMMAND, 'locations', ARGS.locations, 1_000_000, 10_000);
const RELEASES = releasesArg();
const STORE = storeArg();
const TOKEN = 'bench';
const TARGETS = {
  locate_rps: 15_000,
  locate_p99_ms: 2,
  summarize_50k_p50_ms: 40,
  rss_mb_1m: 400,
  fixed_tile_z14_p50_ms: 100,
  /** PostGIS: locate throughput within this factor of the memory store's, over HTTP. */
  pg_locate_factor: 3,
  pg_summarize_50k_p50_ms: 150,
  /** App server req/s over the standalone service's, same mix, same run. */
  app_service_ratio: 0.6,
  /** Standalone locate req/s over a bare node:http handler's, same lookup, same run. */
  locate_bare_ratio: 0.8,
};

const json = ARGS.json === true;
const log = (line: string) => console.log(line);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** The service started over one store, measured, its RSS read, and stopped. */
function measureStoreAt(
  label: string,
  w: Workload,
  env: Record<string, string>,
  fixedTiles: boolean,
) {
  return measureStore(label, w, { locations: LOCATIONS, token: TOKEN, env, fixedTiles, log });
}

async function main(): Promise<Record<string, number>> {
  const ratios = await measureRatios({ log });
  log(
    `loading the ${LOCATIONS.toLocaleString('en-US')}-location demo fabric (generated once, then cached in .data/)`,
  );
  const started = performance.now();
  const fabric = await loadDemoFabric({ locations: LOCATIONS, log: (m: string) => log(`  ${m}`) });
  log(
    `  ${fabric.locations.count.toLocaleString('en-US')} locations in ${round((performance.now() - started) / 1000)} s`,
  );
  const w = fabricWorkload(fabric);
  const current = w.current;

  const m = await measureStoreAt('memory', w, {}, true);
  const fixed = m.fixed!;
  const figures: Record<string, number> = {
    locate_rps: Math.round(m.locate.rps),
    locate_p99_ms: m.locate.p99Ms,
    locate_p50_ms: m.locate.p50Ms,
    locate_non2xx: m.locate.non2xx + m.locate.errors,
    summarize_50k_p50_ms: round(m.s50k.p50Ms, 2),
    summarize_50k_locations: m.s50k.locationcount,
    summarize_5k_p50_ms: round(m.s5k.p50Ms, 2),
    summarize_5k_locations: m.s5k.locationcount,
    fixed_tile_z14_locations: fixed.streetLocations,
    fixed_tile_z14_first_ms: round(fixed.streetFirstMs, 2),
    fixed_tile_z14_p50_ms: round(fixed.streetBuildP50Ms, 2),
    fixed_hex_z9_first_ms: round(fixed.hexFirstMs, 2),
    fixed_hex_z9_p50_ms: round(fixed.hexBuildP50Ms, 2),
    startup_locate_p50_ms: round(m.startUp!.locateP50Ms, 2),
    startup_locate_max_ms: round(m.startUp!.locateMaxMs, 2),
    startup_hex_res7_ms: round(m.startUp!.hexRes7Ms, 2),
    startup_hex_res8_ms: round(m.startUp!.hexRes8Ms, 2),
    rss_mb_1m: round(m.rssMb),
    rss_peak_mb_1m: round(m.peakMb),
    locations: fabric.locations.count,
    current_locations: current.length,
  };
  Object.assign(figures, ratios);
  if (STORE === 'postgis') Object.assign(figures, await measurePostgis(w, m));
  log('targets:');
  log(`  locate ≥ ${TARGETS.locate_rps} req/s: ${met(figures.locate_rps! >= TARGETS.locate_rps)}`);
  log(
    `  locate p99 ≤ ${TARGETS.locate_p99_ms} ms: ${met(figures.locate_p99_ms! <= TARGETS.locate_p99_ms)}`,
  );
  log(
    `  summarize 50k p50 ≤ ${TARGETS.summarize_50k_p50_ms} ms: ${met(figures.summarize_50k_p50_ms! <= TARGETS.summarize_50k_p50_ms)}`,
  );
  log(
    `  fixed street tile p50 ≤ ${TARGETS.fixed_tile_z14_p50_ms} ms: ${met(figures.fixed_tile_z14_p50_ms! <= TARGETS.fixed_tile_z14_p50_ms)}`,
  );
  log(`  RSS ≤ ${TARGETS.rss_mb_1m} MB: ${met(figures.rss_mb_1m! <= TARGETS.rss_mb_1m)}`);
  log(
    `  app server ≥ ${TARGETS.app_service_ratio} of the service (mix): ${met(ratios.app_service_ratio >= TARGETS.app_service_ratio)}`,
  );
  log(
    `  service locate ≥ ${TARGETS.locate_bare_ratio} of a bare handler: ${met(ratios.locate_bare_ratio >= TARGETS.locate_bare_ratio)}`,
  );
  if (STORE === 'postgis') {
    log(
      `  PostGIS locate within ${TARGETS.pg_locate_factor}x of memory (≥ ${Math.round(figures.locate_rps! / TARGETS.pg_locate_factor)} req/s): ${met(figures.pg_locate_rps! * TARGETS.pg_locate_factor >= figures.locate_rps!)}`,
    );
    log(
      `  PostGIS summarize 50k p50 ≤ ${TARGETS.pg_summarize_50k_p50_ms} ms: ${met(figures.pg_summarize_50k_p50_ms! <= TARGETS.pg_summarize_50k_p50_ms)}`,
    );
  }
  return figures;
}

/** The same service and workload over the PostGIS store, and the two stores side by side. */
async function measurePostgis(
  w: Workload,
  m: ServiceFigures & { rssMb: number },
): Promise<Record<string, number>> {
  log(
    `PostGIS: the same ${LOCATIONS.toLocaleString('en-US')}-location fabric in the bench cluster${RELEASES < 5 ? ` (its newest ${RELEASES} of 5 releases)` : ''}`,
  );
  const db = await postgisFabric(
    w.fabric,
    LOCATIONS,
    Math.min(RELEASES, w.fabric.vintages.length),
    log,
  );
  let p: ServiceFigures & { rssMb: number };
  try {
    p = await measureStoreAt(
      'PostGIS',
      w,
      { STORE: 'postgis', DATABASE_URL: db.cluster.url },
      false,
    );
  } finally {
    db.cluster.stop();
  }
  return sideBySide(m, p, db, log);
}

/**
 * The worst-case areas at the limits last (their own service over the demo county);
 * `--worst-case` measures only them.
 */
async function all(): Promise<Record<string, number>> {
  if (STATE) return benchState({ ...STATE, log });
  if (ARGS['worst-case']) return benchWorstCases(log);
  if (ARGS.sync) {
    const size =
      ARGS.size === undefined ? undefined : integerOption(COMMAND, 'size', ARGS.size, 0, 1);
    return benchSync(LOCATIONS, log, size);
  }
  // `--ratios`: only the two throughput ratios (a quick check of a change to the request path).
  if (ARGS.ratios) return { ...(await measureRatios({ log })) };
  const figures = await main();
  return { ...figures, ...(await benchWorstCases(log)) };
}

all()
  .then((figures) => {
    // After the service has stopped, so the figures are the last line even with its logs.
    if (json) console.log(JSON.stringify(figures));
  })
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
