// What the state benchmarks ask, drawn from the state's database (the state is never in memory):
// locate points near locations sampled across the whole state, summarize areas around its
// densest place, the hexagon tiles covering it at state zoom, and its outline from us-atlas.
import pg from 'pg';
import { countiesOfState, loadBoundary } from '../server/demo/county';
import { tileOfPoint } from './fixed-tiles';
import type { Requests } from './measure-service';
import { locatePathsIn, polygonAround, SUMMARY_FIELDS, type LocatePoints } from './workload';

/** Locations sampled across the state for the locate points (every k-th by id). */
const SAMPLE = 20_000;
/** The grid the densest place is found on, degrees (about 2 km). */
const CELL_DEG = 0.02;
/** The zooms the map shows a state at: res 5 hexagons at 5–6, res 6 at 7–8. */
export const STATE_ZOOMS = [5, 6, 7, 8];

/** Every county of the states as one MultiPolygon (their polygons side by side). */
export function statesBoundary(states: string[]): GeoJSON.MultiPolygon {
  const coordinates = states
    .flatMap((s) => countiesOfState(s))
    .flatMap((geoid) => loadBoundary(geoid).boundary.coordinates);
  return { type: 'MultiPolygon', coordinates };
}

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type Point = { lng: number; lat: number };
const points = (rows: Point[]): LocatePoints => ({
  lng: rows.map((r) => r.lng),
  lat: rows.map((r) => r.lat),
  indexes: rows.map((_, i) => i),
});

/** About SAMPLE of the release's locations, every k-th by id, so every county is drawn from. */
async function sampleLocations(
  url: string,
  release: string,
): Promise<{ count: number; sample: Point[] }> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ n: string }>(
      'SELECT count(*) AS n FROM locations WHERE vintage = $1',
      [release],
    );
    const count = Number(rows[0]!.n);
    if (count === 0) throw new Error(`the state's database holds no location of ${release}`);
    const every = Math.max(1, Math.floor(count / SAMPLE));
    const sample = await c.query<Point>(
      `SELECT longitude AS lng, latitude AS lat FROM locations
        WHERE vintage = $1 AND location_id % $2 = 0 ORDER BY location_id`,
      [release, every],
    );
    return { count, sample: sample.rows };
  });
}

/** The middle of the grid cell holding the most sampled locations. */
function densestPlace(sample: Point[]): Point {
  const counts = new Map<string, number>();
  let best = '';
  let bestCount = 0;
  for (const p of sample) {
    const key = `${Math.floor(p.lng / CELL_DEG)}/${Math.floor(p.lat / CELL_DEG)}`;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > bestCount) [best, bestCount] = [key, n];
  }
  const [x, y] = best.split('/').map(Number) as [number, number];
  return { lng: (x + 0.5) * CELL_DEG, lat: (y + 0.5) * CELL_DEG };
}

/**
 * A summarize polygon around `center` holding about `target` of the release's locations: its
 * nearest 2.5 × target (enough for the outline's widest bearing) read, then outlined as the
 * county benchmark outlines its own (polygonAround).
 */
async function areaAround(url: string, release: string, center: Point, target: number) {
  const near = await withClient(url, async (c) => {
    const { rows } = await c.query<Point>(
      `SELECT longitude AS lng, latitude AS lat FROM locations WHERE vintage = $1
        ORDER BY geom <-> ST_SetSRID(ST_MakePoint($2, $3), 4326) LIMIT $4`,
      [release, center.lng, center.lat, Math.ceil(target * 2.5)],
    );
    return rows;
  });
  return polygonAround(center, points(near), target);
}

export interface StateRequests extends Requests {
  /** The release's locations in the database. */
  count: number;
  center: Point;
}

/**
 * The locate and summarize requests over the state: 5000 locate points, 70% near locations
 * sampled across the state and 30% anywhere in its counties; summarize areas of ~50k and ~5k
 * locations around its densest place.
 */
export async function stateRequests(
  url: string,
  release: string,
  boundary: GeoJSON.MultiPolygon,
): Promise<StateRequests> {
  const { count, sample } = await sampleLocations(url, release);
  const center = densestPlace(sample);
  return {
    count,
    center,
    paths: locatePathsIn(release, boundary, points(sample), 5000),
    summarizePath: `/fabricext/${release}/summarize?field=${SUMMARY_FIELDS}`,
    area50k: await areaAround(url, release, center, 49_500),
    area5k: await areaAround(url, release, center, 5_000),
  };
}

/**
 * The tiles at zooms 5–8 that hold a hexagon of the state: each res-5 and res-6 cell's box
 * (hex_cells, derived at import) cut into the tiles of the zooms that draw that resolution.
 */
export async function stateHexTiles(url: string): Promise<[number, number, number][]> {
  const cells = await withClient(url, async (c) => {
    const { rows } = await c.query<{
      res: number;
      west: number;
      south: number;
      east: number;
      north: number;
    }>('SELECT res, west, south, east, north FROM hex_cells WHERE res IN (5, 6)');
    return rows;
  });
  const tiles = new Set<string>();
  for (const z of STATE_ZOOMS) {
    const res = z <= 6 ? 5 : 6;
    for (const cell of cells.filter((k) => k.res === res)) {
      const [x0, y0] = tileOfPoint(cell.west, cell.north, z);
      const [x1, y1] = tileOfPoint(cell.east, cell.south, z);
      for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) tiles.add(`${z}/${x}/${y}`);
    }
  }
  return [...tiles].map((t) => t.split('/').map(Number) as [number, number, number]);
}
