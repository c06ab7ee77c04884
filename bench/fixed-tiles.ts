// The fixed broadband tiles as the map asks for them (docs/architecture.md, "The fixed broadband path"): the densest street tiles
// (zoom 14, the `fixed` layer) and the county's hexagon tile (zoom 9, `fixed_hex`). A tile's
// first request pays for what is built once (each vintage's offers; for hexagons every
// location's H3 cell); later ones for a tile not yet cached (another coverage vintage or
// another filter) show what a planner waits for on a pan or a filter change.
import { fixedFiltersRecord, type FixedFilters } from '../shared/fixed-status';
import type { Fabric } from '../server/service/store/fabric';
import { mercX, mercY } from './map-views';

export interface FixedTileFigures {
  streetLocations: number;
  streetBytes: number;
  streetFirstMs: number;
  streetBuildP50Ms: number;
  streetBuildMaxMs: number;
  streetCachedMs: number;
  hexFirstMs: number;
  hexBuildP50Ms: number;
  hexBuildMaxMs: number;
  hexCachedMs: number;
  hexBytes: number;
}

/** Zoom-z tiles by how many of these locations each holds, most first. */
export function tilesByCount(fabric: Fabric, current: Uint32Array, z: number) {
  const counts = new Map<string, number>();
  for (const i of current) {
    const [x, y] = tileOfPoint(fabric.locations.lng[i]!, fabric.locations.lat[i]!, z);
    counts.set(`${x}/${y}`, (counts.get(`${x}/${y}`) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/** The zoom-z tile [x, y] holding a point. */
export function tileOfPoint(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  return [Math.floor(mercX(lng) * n), Math.floor(mercY(lat) * n)];
}

/** One GET with the token: milliseconds to the last byte, and the bytes. */
export async function timed(url: string, token: string) {
  const start = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const bytes = (await res.arrayBuffer()).byteLength;
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return { ms, bytes };
}

export const quantile = (values: number[], q: number) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

export const FILTER_SETS: FixedFilters[] = (
  ['bead', '25/3', '100/20', '250/25', '1000/100'] as const
).flatMap((speed) => [
  { audience: 'residential' as const, speed, tech: 'any' as const, lowLatency: false },
  { audience: 'business' as const, speed, tech: 'wired' as const, lowLatency: true },
]);

export async function measureFixedTiles(opts: {
  url: string;
  token: string;
  fabric: Fabric;
  current: Uint32Array;
}): Promise<FixedTileFigures> {
  const { url, token, fabric, current } = opts;
  const fv = fabric.vintages.at(-1)!.vintage;
  const coverage = fabric.fixedCoverage.map((c) => c.vintage).toReversed();
  const street = tilesByCount(fabric, current, 14).slice(0, 5);
  const streetUrl = (cv: string, tile: string) =>
    `${url}/coverage/${cv}/fixedtiles/14/${tile}.pbf?fabric=${fv}`;
  const first = await timed(streetUrl(coverage[0]!, street[0]![0]), token);
  const builds: number[] = [];
  for (const [tile] of street) {
    for (const cv of coverage) {
      if (tile === street[0]![0] && cv === coverage[0]) continue;
      builds.push((await timed(streetUrl(cv, tile), token)).ms);
    }
  }
  const streetCached = await timed(streetUrl(coverage[0]!, street[0]![0]), token);

  const [county] = tilesByCount(fabric, current, 9)[0]!;
  const hexUrl = (f: FixedFilters) =>
    `${url}/coverage/${coverage[0]}/fixedhex/9/${county}.pbf?${new URLSearchParams({ fabric: fv, ...fixedFiltersRecord(f) })}`;
  const hexFirst = await timed(hexUrl(FILTER_SETS[0]!), token);
  const hexBuilds: number[] = [];
  for (const f of FILTER_SETS.slice(1)) hexBuilds.push((await timed(hexUrl(f), token)).ms);
  const hexCached = await timed(hexUrl(FILTER_SETS[0]!), token);

  return {
    streetLocations: street[0]![1],
    streetBytes: first.bytes,
    streetFirstMs: first.ms,
    streetBuildP50Ms: quantile(builds, 0.5),
    streetBuildMaxMs: Math.max(...builds),
    streetCachedMs: streetCached.ms,
    hexFirstMs: hexFirst.ms,
    hexBuildP50Ms: quantile(hexBuilds, 0.5),
    hexBuildMaxMs: Math.max(...hexBuilds),
    hexCachedMs: hexCached.ms,
    hexBytes: hexFirst.bytes,
  };
}
