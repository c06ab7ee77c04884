// Exact point-in-area for summarize over user-drawn areas of up to 100,000 vertices, with
// memory a small multiple of the edge count (area-grid.ts) and a point reading only the edges
// listed in its grid cell. Even-odd rule per polygon, so holes are respected; a MultiPolygon
// holds a point when any of its polygons does.
//
// Each cell keeps the polygons that hold its bottom-right corner C (by the horizontal ray
// crossing rule). A point q of the cell is held by a polygon iff C is, flipped once for each of
// the polygon's edges that crosses the path from q right to R = (C.x, q.y) and then down to C:
// every such edge is listed in the cell. Crossings are decided by the sign of one cross
// product per edge and point, read consistently along both legs, under the crossing rule's own
// tie-breaks (a vertex on a ray counts as below it; a point on an edge is left of it).
import type { Area } from '../store';
import { buildGrid, collectEdges, colOf, lineX, lineY, rowOf } from './area-grid';
import { cornerSets, COVERED, crossProduct, leftOf, type CornerSets } from './area-corners';

export interface AreaIndex {
  bbox: [number, number, number, number];
  contains(x: number, y: number): boolean;
  /** The most edges one contains() call reads: the longest list of any grid cell. */
  maxEdgesRead: number;
  /**
   * How many edges contains(x, y) may read (its cell's list): what answering a point there costs
   * at most. Known before the first contains() call, so a refusal never pays for corner sets.
   */
  edgesAt(x: number, y: number): number;
}

/** Indexes an already validated area (polygons of rings of [lng, lat]). */
export function buildAreaIndex(area: Area): AreaIndex {
  const e = collectEdges(area);
  if (e.count === 0) {
    return {
      bbox: [Infinity, Infinity, -Infinity, -Infinity],
      contains: () => false,
      maxEdgesRead: 0,
      edgesAt: () => 0,
    };
  }
  const g = buildGrid(e);
  // Worked out on the first contains() call: an area refused for its edge tests (counted with
  // edgesAt) never pays for them, and they cost as much as the grid for the densest shapes.
  let corners: CornerSets | null = null;
  const xy = e.xy;
  let maxEdgesRead = 0;
  for (let c = 0; c < g.cols * g.rows; c++)
    maxEdgesRead = Math.max(maxEdgesRead, g.start[c + 1]! - g.start[c]!);

  /** Edge k passes above (X, y), read left to right; a horizontal edge at y does not. */
  const above = (k: number, o: number) => {
    const dx = xy[4 * k + 2]! - xy[4 * k]!;
    return (dx > 0 ? o < 0 : o > 0) || (o === 0 && dx * (xy[4 * k + 3]! - xy[4 * k + 1]!) > 0);
  };
  // Per listed edge, what the vertical leg needs that depends on the cell alone: whether the
  // edge crosses the cell's right line, and whether it passes above the corner. Worked out for
  // a cell when a point first lands in it (most cells of a large area see no point).
  const NOT_PREPARED = 0;
  const MISSES_LINE = 1;
  const BELOW_CORNER = 2;
  const ABOVE_CORNER = 3;
  const leg = new Uint8Array(g.edges.length);
  const prepare = (cell: number, X: number, y0: number) => {
    for (let t = g.start[cell]!, to = g.start[cell + 1]!; t < to; t++) {
      const k = g.edges[t]!;
      const x1 = xy[4 * k]!;
      const x2 = xy[4 * k + 2]!;
      if (!(Math.min(x1, x2) <= X && X < Math.max(x1, x2))) leg[t] = MISSES_LINE;
      else leg[t] = above(k, crossProduct(xy, k, X, y0)) ? ABOVE_CORNER : BELOW_CORNER;
    }
  };
  /** Whether listed edge t crosses the path from (x, y) to (X, y) to (X, y0) an odd number of times. */
  const flips = (t: number, x: number, y: number, X: number): boolean => {
    const k = g.edges[t]!;
    const x1 = xy[4 * k]!;
    const x2 = xy[4 * k + 2]!;
    // Wholly left of both legs, or wholly right of them: it crosses neither (most of a cell's
    // edges, read with two comparisons instead of cross products).
    if ((x1 < x && x2 < x && x1 < X && x2 < X) || (x1 > x && x2 > x && x1 > X && x2 > X))
      return false;
    let flip = false;
    let atR = NaN;
    if (xy[4 * k + 1]! > y !== xy[4 * k + 3]! > y) {
      atR = crossProduct(xy, k, X, y);
      flip = leftOf(xy, k, crossProduct(xy, k, x, y)) !== leftOf(xy, k, atR);
    }
    const l = leg[t]!;
    if (l !== MISSES_LINE) {
      if (Number.isNaN(atR)) atR = crossProduct(xy, k, X, y);
      if ((l === ABOVE_CORNER) !== above(k, atR)) flip = !flip;
    }
    return flip;
  };

  const [minX, minY, maxX, maxY] = e.bbox;
  const single = e.polygons === 1;
  const marks = new Uint8Array(e.polygons);
  const touched = new Uint32Array(2 * maxEdgesRead + 1);
  const contains = (x: number, y: number): boolean => {
    if (!(x >= minX && x <= maxX && y >= minY && y <= maxY)) return false;
    const i = colOf(g, x);
    const j = rowOf(g, y);
    const cell = j * g.cols + i;
    corners ??= cornerSets(g, e);
    const held = corners.length[cell]!;
    if (held === COVERED) return true;
    const from = g.start[cell]!;
    const to = g.start[cell + 1]!;
    if (from === to) return held > 0;
    const X = lineX(g, i + 1);
    if (leg[from] === NOT_PREPARED) prepare(cell, X, lineY(g, j));
    if (single) {
      let inside = held === 1;
      for (let t = from; t < to; t++) if (flips(t, x, y, X)) inside = !inside;
      return inside;
    }
    // Several polygons: toggle a mark per polygon, then see whether any is left set.
    let n = 0;
    for (let s = corners.start[cell]!, end = s + held; s < end; s++) {
      const p = corners.polygons[s]!;
      marks[p]! ^= 1;
      touched[n++] = p;
    }
    for (let t = from; t < to; t++) {
      if (!flips(t, x, y, X)) continue;
      const k = g.edges[t]!;
      marks[e.polygon[k]!]! ^= 1;
      touched[n++] = e.polygon[k]!;
    }
    let inside = false;
    for (let s = 0; s < n; s++) {
      if (marks[touched[s]!]) inside = true;
      marks[touched[s]!] = 0;
    }
    return inside;
  };
  const edgesAt = (x: number, y: number): number => {
    if (!(x >= minX && x <= maxX && y >= minY && y <= maxY)) return 0;
    const cell = rowOf(g, y) * g.cols + colOf(g, x);
    return g.start[cell + 1]! - g.start[cell]!;
  };
  return { bbox: [minX, minY, maxX, maxY], maxEdgesRead, contains, edgesAt };
}
