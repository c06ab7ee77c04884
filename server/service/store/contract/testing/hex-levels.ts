// The hexagon levels of a store (rules/tile-grid.ts): every cell of each resolution over a
// fabric, read through the Store interface from every tile covering its locations at a zoom of
// that resolution, and the check that each coarse cell's counts are the sums of its children's
// at the next finer resolution. The memory store's suite and the PostGIS contract suite both
// run it, so both stores count the coarse levels the same way.
import { VectorTile } from '@mapbox/vector-tile';
import { cellToParent, getResolution } from 'h3-js';
import { PbfReader } from 'pbf';
import type { FixedFilters } from '../../../../../shared/fixed-status';
import { HEX_COUNT_NAMES } from '../../../../../shared/fixed-change-hex';
import type { Fabric } from '../../fabric';
import type { Store } from '../../store';

/** The counts every hexagon carries (the share and few flag follow from them). */
const HEX_COUNTS = HEX_COUNT_NAMES;

export type HexProperties = Record<string, string | number | boolean>;

function tileXY(z: number, lng: number, lat: number): [number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [x, y];
}

/** Every tile at zoom z over the fabric's locations, a ring of one tile around them. */
function tilesOver(fabric: Fabric, z: number): [number, number][] {
  const { count, lng, lat } = fabric.locations;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    const [x, y] = tileXY(z, lng[i]!, lat[i]!);
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  const out: [number, number][] = [];
  for (let x = x0 - 1; x <= x1 + 1; x++) for (let y = y0 - 1; y <= y1 + 1; y++) out.push([x, y]);
  return out;
}

/**
 * Every hexagon the store draws at zoom z over the fabric, by H3 index (a cell drawn in
 * several tiles must carry the same properties in each: recorded as a conflict otherwise).
 */
export async function hexagonsAt(
  store: Store,
  fabric: Fabric,
  cv: string,
  fv: string,
  z: number,
  filters: FixedFilters,
): Promise<{ cells: Map<string, HexProperties>; conflicts: string[] }> {
  const cells = new Map<string, HexProperties>();
  const conflicts: string[] = [];
  for (const [x, y] of tilesOver(fabric, z)) {
    const bytes = await store.fixedHexTile(cv, fv, z, x, y, filters);
    const layer = new VectorTile(new PbfReader(bytes)).layers.fixed_hex;
    for (let k = 0; k < (layer?.length ?? 0); k++) {
      const p = layer!.feature(k).properties as HexProperties;
      const h3 = String(p.h3);
      const seen = cells.get(h3);
      if (seen && JSON.stringify(seen) !== JSON.stringify(p))
        conflicts.push(`${h3} differs between tiles at zoom ${z}`);
      cells.set(h3, p);
    }
  }
  return { cells, conflicts };
}

/**
 * Where the res-`res` cells' counts are not the sums of their children's: each coarse cell
 * against the cells of `finer` whose parent it is, and every finer cell's parent present.
 */
export function sumMismatches(
  coarse: Map<string, HexProperties>,
  finer: Map<string, HexProperties>,
  res: number,
): string[] {
  const out: string[] = [];
  const sums = new Map<string, Record<string, number>>();
  for (const [h3, p] of finer) {
    const parent = cellToParent(h3, res);
    const sum = sums.get(parent) ?? Object.fromEntries(HEX_COUNTS.map((k) => [k, 0]));
    for (const k of HEX_COUNTS) sum[k]! += Number(p[k]);
    sums.set(parent, sum);
  }
  for (const [h3, p] of coarse) {
    if (getResolution(h3) !== res) out.push(`${h3} is not res ${res}`);
    const sum = sums.get(h3);
    if (!sum) out.push(`${h3} has no child drawn`);
    for (const k of HEX_COUNTS)
      if (sum && Number(p[k]) !== sum[k]) out.push(`${h3} ${k} ${p[k]}, its children ${sum[k]}`);
  }
  for (const parent of sums.keys()) if (!coarse.has(parent)) out.push(`${parent} is not drawn`);
  return out;
}

/** Each coarse resolution at its lowest zoom, and the next finer one at its lowest zoom. */
export const LEVEL_PAIRS = [
  { coarse: { res: 5, z: 5 }, finer: { res: 6, z: 7 } },
  { coarse: { res: 6, z: 7 }, finer: { res: 7, z: 9 } },
] as const;

/**
 * Every way a coarse level's sums can go wrong on a store, with how many cells each level
 * drew: at each pair of levels and each filter set, the coarse cells against their children.
 */
export async function hexLevelProblems(
  store: Store,
  fabric: Fabric,
  cv: string,
  fv: string,
  filterSets: readonly FixedFilters[],
): Promise<{ problems: string[]; drawn: Record<number, number> }> {
  const problems: string[] = [];
  const drawn: Record<number, number> = {};
  for (const filters of filterSets) {
    const at = new Map<number, Map<string, HexProperties>>();
    for (const { res, z } of LEVEL_PAIRS.flatMap((p) => [p.coarse, p.finer])) {
      if (at.has(res)) continue;
      const { cells, conflicts } = await hexagonsAt(store, fabric, cv, fv, z, filters);
      problems.push(...conflicts);
      at.set(res, cells);
      drawn[res] = Math.max(drawn[res] ?? 0, cells.size);
    }
    for (const { coarse, finer } of LEVEL_PAIRS) {
      const what = `res ${coarse.res} from res ${finer.res} under ${JSON.stringify(filters)}`;
      const cells = at.get(coarse.res)!;
      if (cells.size === 0) problems.push(`${what}: no res-${coarse.res} cell drawn`);
      for (const p of sumMismatches(cells, at.get(finer.res)!, coarse.res))
        problems.push(`${what}: ${p}`);
    }
  }
  return { problems, drawn };
}
