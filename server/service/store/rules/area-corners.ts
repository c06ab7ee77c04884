// Which polygons of an area hold each grid cell's bottom-right corner, by the horizontal ray
// crossing rule (area-index.ts explains how a point's answer starts from its cell's corner).
// Computed a row at a time from the right, where no polygon holds anything: moving left past
// an edge's crossing of the row's bottom line flips that edge's polygon. A cell keeps its set
// only while it is no larger than the cell's edge list; past that, no point of the cell can
// leave every polygon (each listed edge flips at most one), so the cell is simply covered.
import type { Edges, Grid } from './area-grid';
import { lineX, lineY, rowOf } from './area-grid';

export const COVERED = -1;
/** Packs (corner index + 1, polygon) into one sortable double: exact below 2^53. */
const POLYGON_SPAN = 2 ** 27;

export interface CornerSets {
  /** Cell c's polygons are polygons[start[c] .. start[c] + length[c] - 1], or length COVERED. */
  start: Uint32Array;
  length: Int32Array;
  polygons: Uint32Array;
}

/** Cross product of edge k (x1, y1 to x2, y2) with the point: its sign says the side. */
export function crossProduct(xy: Float64Array, k: number, px: number, py: number): number {
  const x1 = xy[4 * k]!;
  const y1 = xy[4 * k + 1]!;
  return (xy[4 * k + 2]! - x1) * (py - y1) - (xy[4 * k + 3]! - y1) * (px - x1);
}

/** For an edge spanning the point's latitude: the point lies left of it (its ray crosses it). */
export function leftOf(xy: Float64Array, k: number, cross: number): boolean {
  return xy[4 * k + 3]! > xy[4 * k + 1]! ? cross > 0 : cross < 0;
}

/** Edges spanning each row's bottom line (one end at or below it, the other above). */
function forEachSpan(g: Grid, e: Edges, visit: (k: number, row: number) => void): void {
  for (let k = 0; k < e.count; k++) {
    const y1 = e.xy[4 * k + 1]!;
    const y2 = e.xy[4 * k + 3]!;
    if (y1 === y2) continue;
    const [lo, hi] = y1 < y2 ? [y1, y2] : [y2, y1];
    const last = Math.min(g.rows - 1, rowOf(g, hi) + 1);
    for (let r = Math.max(0, rowOf(g, lo) - 1); r <= last; r++) {
      const y = lineY(g, r);
      if (lo <= y && y < hi) visit(k, r);
    }
  }
}

/** The last grid corner on row line r left of edge k's crossing (corners 0 .. i hold it), or -1. */
function lastCornerLeft(g: Grid, e: Edges, k: number, r: number): number {
  const xy = e.xy;
  const y = lineY(g, r);
  const x1 = xy[4 * k]!;
  const y1 = xy[4 * k + 1]!;
  const xc = x1 + ((y - y1) * (xy[4 * k + 2]! - x1)) / (xy[4 * k + 3]! - y1);
  const i0 = Math.min(g.cols, Math.max(0, Math.floor((xc - g.minX) / g.cellW)));
  // Corners a cell or more away are on their side whatever the rounding; decide the nearest
  // ones with the same cross product queries use, so both agree exactly.
  let last = i0 - 2;
  for (let i = Math.max(0, i0 - 1); i <= Math.min(g.cols, i0 + 2); i++)
    if (leftOf(xy, k, crossProduct(xy, k, lineX(g, i), y))) last = i;
  return Math.max(-1, last);
}

export function cornerSets(g: Grid, e: Edges): CornerSets {
  const rowStart = new Uint32Array(g.rows + 1);
  forEachSpan(g, e, (_k, r) => rowStart[r + 1]!++);
  for (let r = 0; r < g.rows; r++) rowStart[r + 1]! += rowStart[r]!;
  const keys = new Float64Array(rowStart[g.rows]!);
  const fill = rowStart.slice(0, g.rows);
  forEachSpan(g, e, (k, r) => {
    keys[fill[r]!++] = (lastCornerLeft(g, e, k, r) + 1) * POLYGON_SPAN + e.polygon[k]!;
  });

  const cells = g.cols * g.rows;
  const start = new Uint32Array(cells);
  const length = new Int32Array(cells);
  let polygons = new Uint32Array(1024);
  let used = 0;
  // The polygons holding the current corner: a set with O(1) flips.
  const odd = new Uint32Array(e.polygons);
  const at = new Int32Array(e.polygons).fill(-1);
  let held = 0;
  const flip = (p: number) => {
    if (at[p]! >= 0) {
      const moved = odd[--held]!;
      odd[at[p]!] = moved;
      at[moved] = at[p]!;
      at[p] = -1;
    } else {
      at[p] = held;
      odd[held++] = p;
    }
  };
  for (let r = 0; r < g.rows; r++) {
    const row = keys.subarray(rowStart[r]!, rowStart[r + 1]!).sort();
    let t = row.length - 1;
    for (let i = g.cols; i >= 1; i--) {
      for (; t >= 0 && Math.floor(row[t]! / POLYGON_SPAN) - 1 >= i; t--)
        flip(row[t]! % POLYGON_SPAN);
      const cell = r * g.cols + i - 1;
      if (held > g.start[cell + 1]! - g.start[cell]!) {
        length[cell] = COVERED;
        continue;
      }
      if (used + held > polygons.length) {
        const grown = new Uint32Array(2 * (used + held));
        grown.set(polygons);
        polygons = grown;
      }
      start[cell] = used;
      length[cell] = held;
      polygons.set(odd.subarray(0, held), used);
      used += held;
    }
    // The next row starts again from the right, where no polygon holds anything.
    for (const p of odd.subarray(0, held)) at[p] = -1;
    held = 0;
  }
  return { start, length, polygons };
}
