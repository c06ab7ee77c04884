// `npm run bench [-- --json]`: the service over the 1M-location demo fabric, on loopback, in a
// child process. Prints locate throughput/latency, summarize latency at ~50k and ~5k locations
// and the service's RSS; with --json, one JSON object of the figures on the last line.
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import { measureFixedTiles } from './fixed-tiles';
import { measureLocate, measureSummarize } from './measure';
import { startServiceProcess } from './service-process';
import { currentLocations, locatePaths, summarizePolygon } from './workload';

/** `--locations N` runs the same benchmark over a smaller fabric (a quick check of the harness). */
function locationsArg(): number {
  const i = process.argv.indexOf('--locations');
  if (i < 0) return 1_000_000;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 10_000)
    throw new Error('--locations takes an integer of at least 10000');
  return n;
}

const LOCATIONS = locationsArg();
const TOKEN = 'bench';
const TARGETS = {
  locate_rps: 15_000,
  locate_p99_ms: 2,
  summarize_50k_p50_ms: 40,
  rss_mb_1m: 400,
  fixed_tile_z14_p50_ms: 100,
};
const SUMMARY_FIELDS = 'building_type_code,unit_count';

const json = process.argv.includes('--json');
const log = (line: string) => console.log(line);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function main(): Promise<Record<string, number>> {
  log(
    `loading the ${LOCATIONS.toLocaleString('en-US')}-location demo fabric (generated once, then cached in .data/)`,
  );
  let started = performance.now();
  const fabric = await loadDemoFabric({ locations: LOCATIONS, log: (m: string) => log(`  ${m}`) });
  log(
    `  ${fabric.locations.count.toLocaleString('en-US')} locations in ${round((performance.now() - started) / 1000)} s`,
  );
  const current = currentLocations(fabric);
  const paths = locatePaths(fabric, current, 5000);
  const area50k = summarizePolygon(fabric, current, 49_500);
  const area5k = summarizePolygon(fabric, current, 5_000);
  const vintage = fabric.vintages.at(-1)!.vintage;
  const summarizePath = `/fabricext/${vintage}/summarize?field=${SUMMARY_FIELDS}`;

  log('starting the service (child process, loopback)');
  started = performance.now();
  const service = await startServiceProcess({
    locations: LOCATIONS,
    token: TOKEN,
    readyTimeoutMs: 300_000,
    log,
  });
  try {
    log(
      `  ready in ${round((performance.now() - started) / 1000)} s at ${service.url}, RSS ${round(service.memory().rssMb)} MB`,
    );

    log('locate: 10 connections, 10 s, 5000 pre-generated points');
    await measureLocate({ url: service.url, token: TOKEN, paths, connections: 10, seconds: 2 }); // warm-up
    const locate = await measureLocate({
      url: service.url,
      token: TOKEN,
      paths,
      connections: 10,
      seconds: 10,
    });
    log(
      `  ${Math.round(locate.rps)} req/s, p50 ${locate.p50Ms} ms, p99 ${locate.p99Ms} ms (${locate.requests} requests, ${locate.non2xx} non-2xx, ${locate.errors} errors)`,
    );

    const s50k = await measureSummarize({
      url: service.url,
      token: TOKEN,
      path: summarizePath,
      polygon: area50k,
      runs: 30,
      warmup: 3,
    });
    log(
      `summarize ${s50k.locationcount} locations (1000 vertices): p50 ${round(s50k.p50Ms)} ms, p90 ${round(s50k.p90Ms)} ms over 30 runs`,
    );
    const s5k = await measureSummarize({
      url: service.url,
      token: TOKEN,
      path: summarizePath,
      polygon: area5k,
      runs: 30,
      warmup: 3,
    });
    log(
      `summarize ${s5k.locationcount} locations (1000 vertices): p50 ${round(s5k.p50Ms)} ms, p90 ${round(s5k.p90Ms)} ms over 30 runs`,
    );

    const fixed = await measureFixedTiles({ url: service.url, token: TOKEN, fabric, current });
    log(
      `fixed street tile z14 (${fixed.streetLocations} locations, ${round(fixed.streetBytes / 1024)} KiB): first ${round(fixed.streetFirstMs)} ms, uncached p50 ${round(fixed.streetBuildP50Ms)} ms, max ${round(fixed.streetBuildMaxMs)} ms over 24 builds, cached ${round(fixed.streetCachedMs)} ms`,
    );
    log(
      `fixed hexagon tile z9 (${round(fixed.hexBytes / 1024)} KiB): first ${round(fixed.hexFirstMs)} ms (groups every location into its H3 cell), per new filter p50 ${round(fixed.hexBuildP50Ms)} ms, max ${round(fixed.hexBuildMaxMs)} ms, cached ${round(fixed.hexCachedMs)} ms`,
    );

    const memory = service.memory();
    log(`service RSS ${round(memory.rssMb)} MB (peak ${round(memory.peakMb)} MB)`);

    const figures = {
      locate_rps: Math.round(locate.rps),
      locate_p99_ms: locate.p99Ms,
      locate_p50_ms: locate.p50Ms,
      locate_non2xx: locate.non2xx + locate.errors,
      summarize_50k_p50_ms: round(s50k.p50Ms, 2),
      summarize_50k_locations: s50k.locationcount,
      summarize_5k_p50_ms: round(s5k.p50Ms, 2),
      summarize_5k_locations: s5k.locationcount,
      fixed_tile_z14_locations: fixed.streetLocations,
      fixed_tile_z14_first_ms: round(fixed.streetFirstMs, 2),
      fixed_tile_z14_p50_ms: round(fixed.streetBuildP50Ms, 2),
      fixed_hex_z9_first_ms: round(fixed.hexFirstMs, 2),
      fixed_hex_z9_p50_ms: round(fixed.hexBuildP50Ms, 2),
      rss_mb_1m: round(memory.rssMb),
      rss_peak_mb_1m: round(memory.peakMb),
      locations: fabric.locations.count,
      current_locations: current.length,
    };
    log('targets:');
    log(
      `  locate ≥ ${TARGETS.locate_rps} req/s: ${figures.locate_rps >= TARGETS.locate_rps ? 'met' : 'MISSED'}`,
    );
    log(
      `  locate p99 ≤ ${TARGETS.locate_p99_ms} ms: ${figures.locate_p99_ms <= TARGETS.locate_p99_ms ? 'met' : 'MISSED'}`,
    );
    log(
      `  summarize 50k p50 ≤ ${TARGETS.summarize_50k_p50_ms} ms: ${figures.summarize_50k_p50_ms <= TARGETS.summarize_50k_p50_ms ? 'met' : 'MISSED'}`,
    );
    log(
      `  fixed street tile p50 ≤ ${TARGETS.fixed_tile_z14_p50_ms} ms: ${figures.fixed_tile_z14_p50_ms <= TARGETS.fixed_tile_z14_p50_ms ? 'met' : 'MISSED'}`,
    );
    log(
      `  RSS ≤ ${TARGETS.rss_mb_1m} MB: ${figures.rss_mb_1m <= TARGETS.rss_mb_1m ? 'met' : 'MISSED'}`,
    );
    return figures;
  } finally {
    await service.stop();
  }
}

main()
  .then((figures) => {
    // After the service has stopped, so the figures are the last line even with its logs.
    if (json) console.log(JSON.stringify(figures));
  })
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
