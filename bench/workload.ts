// Benchmark requests drawn from the fabric itself, seeded so runs are comparable: locate
// points (most near a real location, the rest anywhere in the county) and summarize polygons
// of about 1000 vertices sized to hold a target number of current locations.
import { Rng } from '../server/demo/prng';
import type { Fabric } from '../server/service/store/fabric';

/** Uniform numbers in [0, 1) from the demo generator's PRNG, so every run asks the same questions. */
export function seededRandom(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

/** The fields summarize groups by in every benchmark. */
export const SUMMARY_FIELDS = 'building_type_code,unit_count';

/** Indexes of the locations present in the newest vintage. */
export function currentLocations(fabric: Fabric): Uint32Array {
  const bit = 1 << (fabric.vintages.length - 1);
  const { presence, count } = fabric.locations;
  const out: number[] = [];
  for (let i = 0; i < count; i++) if (presence[i]! & bit) out.push(i);
  return Uint32Array.from(out);
}

function insideRing(ring: GeoJSON.Position[], lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideArea(boundary: GeoJSON.MultiPolygon, lng: number, lat: number): boolean {
  return boundary.coordinates.some(
    ([outer, ...holes]) =>
      insideRing(outer!, lng, lat) && !holes.some((h) => insideRing(h, lng, lat)),
  );
}

/** The points locate is asked near: coordinates, and the indexes of those to pick from. */
export interface LocatePoints {
  lng: ArrayLike<number>;
  lat: ArrayLike<number>;
  indexes: ArrayLike<number>;
}

/** `count` locate paths: 70% within 40 m of a current location, 30% anywhere in the county. */
export function locatePaths(
  fabric: Fabric,
  current: Uint32Array,
  count: number,
  seed = 1,
): string[] {
  const { lng, lat } = fabric.locations;
  const vintage = fabric.vintages.at(-1)!.vintage;
  return locatePathsIn(
    vintage,
    fabric.county.boundary,
    { lng, lat, indexes: current },
    count,
    seed,
  );
}

/**
 * `count` locate paths of release `vintage`: 70% within 40 m of one of `points` (picked at
 * random), 30% anywhere inside `boundary` (a county, or every county of a state).
 */
export function locatePathsIn(
  vintage: string,
  boundary: GeoJSON.MultiPolygon,
  points: LocatePoints,
  count: number,
  seed = 1,
): string[] {
  const random = seededRandom(seed);
  const [west, south, east, north] = boundsOf(boundary);
  const { lng, lat, indexes } = points;
  const paths: string[] = [];
  while (paths.length < count) {
    let x: number;
    let y: number;
    if (random() < 0.7) {
      const i = indexes[Math.floor(random() * indexes.length)]!;
      x = lng[i]! + (random() - 0.5) * 0.001;
      y = lat[i]! + (random() - 0.5) * 0.0007;
    } else {
      x = west + random() * (east - west);
      y = south + random() * (north - south);
      if (!insideArea(boundary, x, y)) continue;
    }
    paths.push(`/fabricext/${vintage}/locate?latitude=${y.toFixed(6)}&longitude=${x.toFixed(6)}`);
  }
  return paths;
}

/** [west, south, east, north] of a boundary's vertices. */
function boundsOf(boundary: GeoJSON.MultiPolygon): [number, number, number, number] {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of boundary.coordinates)
    for (const ring of polygon)
      for (const [x, y] of ring) {
        west = Math.min(west, x!);
        east = Math.max(east, x!);
        south = Math.min(south, y!);
        north = Math.max(north, y!);
      }
  return [west, south, east, north];
}

/** A wavy closed outline: radius factor by bearing, so the polygon isn't a plain circle. */
const wave = (theta: number) => 1 + 0.12 * Math.sin(5 * theta) + 0.04 * Math.sin(17 * theta + 1);

/** The densest town: the one with the most current locations within 3 km. */
export function busiestTown(fabric: Fabric, current: Uint32Array): { lng: number; lat: number } {
  const { lng, lat } = fabric.locations;
  let best = fabric.towns[0]!;
  let bestCount = -1;
  for (const town of fabric.towns) {
    const kx = 111_320 * Math.cos((town.lat * Math.PI) / 180);
    let n = 0;
    for (const i of current) {
      const dx = (lng[i]! - town.lng) * kx;
      const dy = (lat[i]! - town.lat) * 110_574;
      if (dx * dx + dy * dy < 9e6) n++;
    }
    if (n > bestCount) [best, bestCount] = [town, n];
  }
  return best;
}

/**
 * A polygon of `vertices` vertices around the busiest town holding about `target` current
 * locations (polygonAround).
 */
export function summarizePolygon(
  fabric: Fabric,
  current: Uint32Array,
  target: number,
  vertices = 1000,
): GeoJSON.Polygon {
  const { lng, lat } = fabric.locations;
  return polygonAround(
    busiestTown(fabric, current),
    { lng, lat, indexes: current },
    target,
    vertices,
  );
}

/**
 * A polygon of `vertices` vertices around `center` holding about `target` of `points`: each
 * point's distance is scaled by the outline's radius factor at its bearing, and the target-th
 * smallest scaled distance becomes the outline's radius.
 */
export function polygonAround(
  center: { lng: number; lat: number },
  points: LocatePoints,
  target: number,
  vertices = 1000,
): GeoJSON.Polygon {
  const kx = 111_320 * Math.cos((center.lat * Math.PI) / 180);
  const { lng, lat, indexes } = points;
  const scaled = new Float64Array(indexes.length);
  for (let k = 0; k < indexes.length; k++) {
    const i = indexes[k]!;
    const dx = (lng[i]! - center.lng) * kx;
    const dy = (lat[i]! - center.lat) * 110_574;
    scaled[k] = Math.hypot(dx, dy) / wave(Math.atan2(dy, dx));
  }
  scaled.sort();
  const radius = scaled[Math.min(target, scaled.length) - 1]!;
  const ring: GeoJSON.Position[] = [];
  for (let k = 0; k < vertices; k++) {
    const theta = (2 * Math.PI * k) / vertices;
    const r = radius * wave(theta);
    ring.push([
      center.lng + (r * Math.cos(theta)) / kx,
      center.lat + (r * Math.sin(theta)) / 110_574,
    ]);
  }
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}
