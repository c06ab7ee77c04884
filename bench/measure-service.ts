// One service under measurement, whichever store answers it: locate under load, summarize of
// ~50k and ~5k locations one request at a time, and (when asked) the fixed broadband tiles.
import type { Fabric } from '../server/service/store/fabric';
import { measureFixedTiles, type FixedTileFigures } from './fixed-tiles';
import { measureLocate, measureSummarize, type LocateFigures } from './measure';

export interface Workload {
  fabric: Fabric;
  current: Uint32Array;
  paths: string[];
  summarizePath: string;
  area50k: GeoJSON.Polygon;
  area5k: GeoJSON.Polygon;
}

export interface ServiceFigures {
  locate: LocateFigures;
  s50k: { p50Ms: number; p90Ms: number; locationcount: number };
  s5k: { p50Ms: number; p90Ms: number; locationcount: number };
  fixed: FixedTileFigures | null;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function measureService(
  url: string,
  token: string,
  w: Workload,
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
  if (!opts.fixedTiles) return { locate, s50k, s5k, fixed: null };
  const fixed = await measureFixedTiles({ url, token, fabric: w.fabric, current: w.current });
  log(
    `fixed street tile z14 (${fixed.streetLocations} locations, ${round(fixed.streetBytes / 1024)} KiB): first ${round(fixed.streetFirstMs)} ms, uncached p50 ${round(fixed.streetBuildP50Ms)} ms, max ${round(fixed.streetBuildMaxMs)} ms over 24 builds, cached ${round(fixed.streetCachedMs)} ms`,
  );
  log(
    `fixed hexagon tile z9 (${round(fixed.hexBytes / 1024)} KiB): first ${round(fixed.hexFirstMs)} ms (its cells grouped at start-up), per new filter p50 ${round(fixed.hexBuildP50Ms)} ms, max ${round(fixed.hexBuildMaxMs)} ms, cached ${round(fixed.hexCachedMs)} ms`,
  );
  return { locate, s50k, s5k, fixed };
}
