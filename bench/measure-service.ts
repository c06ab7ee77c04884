// One service under measurement, whichever store answers it: locate under load, summarize of
// ~50k and ~5k locations one request at a time, and (when asked) the fixed broadband tiles.
import type { Fabric } from '../server/service/store/fabric';
import { measureFixedTiles, type FixedTileFigures } from './fixed-tiles';
import { measureStartUp, type StartUpFigures } from './hex-warm-up';
import { measureLocate, measureSummarize, type LocateFigures } from './measure';
import { startServiceProcess } from './service-process';
import { currentLocations, locatePaths, SUMMARY_FIELDS, summarizePolygon } from './workload';

/** What locate and summarize ask, whichever fabric it was drawn from. */
export interface Requests {
  paths: string[];
  summarizePath: string;
  area50k: GeoJSON.Polygon;
  area5k: GeoJSON.Polygon;
}

/** The requests drawn from a fabric in memory, which the fixed tiles are chosen from too. */
export interface Workload extends Requests {
  fabric: Fabric;
  current: Uint32Array;
}

export interface ServiceFigures {
  locate: LocateFigures;
  s50k: { p50Ms: number; p90Ms: number; locationcount: number };
  s5k: { p50Ms: number; p90Ms: number; locationcount: number };
  fixed: FixedTileFigures | null;
}

/** The county benchmark's requests, drawn from a fabric in memory. */
export function fabricWorkload(fabric: Fabric): Workload {
  const current = currentLocations(fabric);
  const vintage = fabric.vintages.at(-1)!.vintage;
  return {
    fabric,
    current,
    paths: locatePaths(fabric, current, 5000),
    summarizePath: `/fabricext/${vintage}/summarize?field=${SUMMARY_FIELDS}`,
    area50k: summarizePolygon(fabric, current, 49_500),
    area5k: summarizePolygon(fabric, current, 5_000),
  };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function measureService(
  url: string,
  token: string,
  w: Requests & Partial<Workload>,
  opts: { fixedTiles: boolean; log: (line: string) => void },
): Promise<ServiceFigures> {
  const { log } = opts;
  log('locate: 10 connections, 10 s, 5000 pre-generated points');
  await measureLocate({ url, token, paths: w.paths, connections: 10, seconds: 2 }); // warm-up
  const locate = await measureLocate({ url, token, paths: w.paths, connections: 10, seconds: 10 });
  log(
    `  ${Math.round(locate.rps)} req/s, p50 ${locate.p50Ms} ms, p99 ${locate.p99Ms} ms (${locate.requests} requests, ${locate.non2xx} non-2xx, ${locate.errors} errors)`,
  );
  const summarize = async (polygon: GeoJSON.Polygon) => {
    const s = await measureSummarize({
      url,
      token,
      path: w.summarizePath,
      polygon,
      runs: 30,
      warmup: 3,
    });
    log(
      `summarize ${s.locationcount} locations (1000 vertices): p50 ${round(s.p50Ms)} ms, p90 ${round(s.p90Ms)} ms over 30 runs`,
    );
    return s;
  };
  const s50k = await summarize(w.area50k);
  const s5k = await summarize(w.area5k);
  if (!opts.fixedTiles || !w.fabric || !w.current) return { locate, s50k, s5k, fixed: null };
  const fixed = await measureFixedTiles({ url, token, fabric: w.fabric, current: w.current });
  log(
    `fixed street tile z14 (${fixed.streetLocations} locations, ${round(fixed.streetBytes / 1024)} KiB): first ${round(fixed.streetFirstMs)} ms, uncached p50 ${round(fixed.streetBuildP50Ms)} ms, max ${round(fixed.streetBuildMaxMs)} ms over 24 builds, cached ${round(fixed.streetCachedMs)} ms`,
  );
  log(
    `fixed hexagon tile z9 (${round(fixed.hexBytes / 1024)} KiB): first ${round(fixed.hexFirstMs)} ms (its cells grouped at start-up), per new filter p50 ${round(fixed.hexBuildP50Ms)} ms, max ${round(fixed.hexBuildMaxMs)} ms, cached ${round(fixed.hexCachedMs)} ms`,
  );
  return { locate, s50k, s5k, fixed };
}

export type StoreFigures = ServiceFigures & {
  rssMb: number;
  peakMb: number;
  startUp: StartUpFigures | null;
};

/**
 * The service started over one store in a child process (STORE and DATABASE_URL in `env`),
 * measured, its RSS read, and stopped. With `fixedTiles`, the first seconds (locate while the
 * first hexagon tiles come back) and the fixed tiles too, which need the workload's fabric.
 */
export async function measureStore(
  label: string,
  w: Requests & Partial<Workload>,
  opts: {
    locations: number;
    token: string;
    env: Record<string, string>;
    fixedTiles: boolean;
    log: (line: string) => void;
    /** How long start-up may take (the PostGIS store builds its locate index first). */
    readyTimeoutMs?: number;
    /** More measured on the same service before it stops. */
    also?: (url: string) => Promise<void>;
  },
): Promise<StoreFigures> {
  const { log, token, fixedTiles } = opts;
  log(`starting the service over the ${label} store (child process, loopback)`);
  const started = performance.now();
  const service = await startServiceProcess({
    locations: opts.locations,
    token,
    readyTimeoutMs: opts.readyTimeoutMs ?? 300_000,
    log,
    env: opts.env,
  });
  try {
    log(
      `  ready in ${round((performance.now() - started) / 1000)} s at ${service.url}, RSS ${round(service.memory().rssMb)} MB`,
    );
    // At once, while the hexagon cells may still be grouped in the background.
    const startUp =
      fixedTiles && w.fabric ? await measureStartUp(service.url, token, w as Workload) : null;
    if (startUp)
      log(
        `first seconds: ${startUp.locateCount} locates, p50 ${round(startUp.locateP50Ms)} ms, max ${round(startUp.locateMaxMs)} ms, while the first hexagon tiles came back (res 7 ${round(startUp.hexRes7Ms)} ms, res 8 ${round(startUp.hexRes8Ms)} ms)`,
      );
    const figures = await measureService(service.url, token, w, { fixedTiles, log });
    const memory = service.memory();
    log(`service RSS ${round(memory.rssMb)} MB (peak ${round(memory.peakMb)} MB)`);
    await opts.also?.(service.url);
    return { ...figures, rssMb: memory.rssMb, peakMb: memory.peakMb, startUp };
  } finally {
    await service.stop();
  }
}
