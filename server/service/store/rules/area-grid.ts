// The uniform grid under an area index: every edge of every ring, tagged with its polygon,
// listed in each cell it comes near. The grid starts at about two cells per edge and is made
// coarser until the lists hold at most ENTRIES_PER_EDGE entries per edge in all, so memory is a
// small multiple of the edge count whatever the shape: a comb whose teeth all span the same
// latitudes once put every edge in every one of 16,384 bands (1.3 GB for 8,000 vertices).
import type { Area } from '../store';

export const ENTRIES_PER_EDGE = 16;
const MAX_CELLS = 1 << 20;
/** Edges are also listed in cells this close (degrees), so rounding never leaves one out. */
const MARGIN = 1e-9;

export interface Edges {
  count: number;
  /** x1, y1, x2, y2 per edge, in ring order. */
  xy: Float64Array;
  polygon: Uint32Array;
  polygons: number;
  bbox: [number, number, number, number];
}

export interface Grid {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  cols: number;
  rows: number;
  cellW: number;
  cellH: number;
  /** Cell c lists edges[start[c] .. start[c + 1] - 1]; cell c is row c / cols, column c % cols. */
  start: Uint32Array;
  edges: Uint32Array;
}

/** Every edge of nonzero length; an unclosed ring still gets its closing edge. */
export function collectEdges(area: Area): Edges {
  let capacity = 0;
  for (const rings of area) for (const ring of rings) capacity += ring.length;
  const xy = new Float64Array(4 * capacity);
  const polygon = new Uint32Array(capacity);
  const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  let count = 0;
  area.forEach((rings, p) => {
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [x1, y1] = ring[j]!;
        const [x2, y2] = ring[i]!;
        bbox[0] = Math.min(bbox[0], x2);
        bbox[1] = Math.min(bbox[1], y2);
        bbox[2] = Math.max(bbox[2], x2);
        bbox[3] = Math.max(bbox[3], y2);
        if (x1 === x2 && y1 === y2) continue;
        xy[4 * count] = x1!;
        xy[4 * count + 1] = y1!;
        xy[4 * count + 2] = x2!;
        xy[4 * count + 3] = y2!;
        polygon[count++] = p;
      }
    }
  });
  return { count, xy, polygon, polygons: area.length, bbox };
}

export const colOf = (g: Grid, x: number) =>
  Math.min(g.cols - 1, Math.max(0, Math.floor((x - g.minX) / g.cellW)));
export const rowOf = (g: Grid, y: number) =>
  Math.min(g.rows - 1, Math.max(0, Math.floor((y - g.minY) / g.cellH)));
/** The x of the grid line left of column i (the right edge of the grid for i = cols). */
export const lineX = (g: Grid, i: number) => (i >= g.cols ? g.maxX : g.minX + i * g.cellW);
export const lineY = (g: Grid, j: number) => (j >= g.rows ? g.maxY : g.minY + j * g.cellH);

/**
 * Visits the cells edge k comes within MARGIN of, as one run of columns c0..c1 per row r;
 * stops when visit says false.
 */
function forEachRun(
  g: Grid,
  e: Edges,
  k: number,
  visit: (r: number, c0: number, c1: number) => boolean,
): boolean {
  const x1 = e.xy[4 * k]!;
  const y1 = e.xy[4 * k + 1]!;
  const x2 = e.xy[4 * k + 2]!;
  const y2 = e.xy[4 * k + 3]!;
  const xlo = Math.min(x1, x2);
  const xhi = Math.max(x1, x2);
  const ylo = Math.min(y1, y2);
  const yhi = Math.max(y1, y2);
  const dxdy = y1 === y2 ? 0 : (x2 - x1) / (y2 - y1);
  for (let r = rowOf(g, ylo - MARGIN), r1 = rowOf(g, yhi + MARGIN); r <= r1; r++) {
    let a = xlo;
    let b = xhi;
    if (y1 !== y2) {
      // The edge's x over the part of its height inside this row (widened by the margin).
      const pa = x1 + (Math.max(ylo, lineY(g, r) - MARGIN) - y1) * dxdy;
      const pb = x1 + (Math.min(yhi, lineY(g, r + 1) + MARGIN) - y1) * dxdy;
      a = Math.max(xlo, Math.min(pa, pb));
      b = Math.min(xhi, Math.max(pa, pb));
    }
    if (!visit(r, colOf(g, a - MARGIN), colOf(g, b + MARGIN))) return false;
  }
  return true;
}

function gridOf(e: Edges, cols: number, rows: number): Grid {
  const [minX, minY, maxX, maxY] = e.bbox;
  const cellW = (maxX - minX) / cols || 1;
  const cellH = (maxY - minY) / rows || 1;
  const empty = new Uint32Array(0);
  return { minX, minY, maxX, maxY, cols, rows, cellW, cellH, start: empty, edges: empty };
}

/**
 * The grid's shape. With Sx and Sy the edges' summed widths and heights in units of the box's,
 * a cols x rows grid lists about Sx * cols + Sy * rows + E entries and a point reads about
 * Sx / rows + Sy / cols of them: both are best balanced at cols / rows = Sy / Sx (a comb's
 * teeth get thousands of columns and a few rows). The cell count is capped at about two per
 * edge, and the whole shrunk evenly when the entries would pass the budget.
 */
function gridShape(e: Edges, budget: number): [cols: number, rows: number] {
  const [minX, minY, maxX, maxY] = e.bbox;
  const w = maxX - minX;
  const h = maxY - minY;
  let sx = 0;
  let sy = 0;
  for (let k = 0; k < e.count; k++) {
    sx += Math.abs(e.xy[4 * k + 2]! - e.xy[4 * k]!);
    sy += Math.abs(e.xy[4 * k + 3]! - e.xy[4 * k + 1]!);
  }
  sx = w > 0 ? sx / w : 0;
  sy = h > 0 ? sy / h : 0;
  const cells = Math.min(MAX_CELLS, Math.max(1, 2 * e.count));
  const ratio = w > 0 && h > 0 ? (sy + 1) / (sx + 1) : w > 0 ? cells : 1 / cells;
  let cols = Math.sqrt(cells * ratio);
  let rows = cells / cols;
  const room = budget - 2 * e.count;
  const listed = sx * cols + sy * rows;
  if (listed > room) {
    cols /= listed / room;
    rows /= listed / room;
  }
  const clamp = (n: number) => Math.min(cells, Math.max(1, Math.floor(n)));
  return [clamp(cols), clamp(rows)];
}

export function buildGrid(e: Edges): Grid {
  const budget = ENTRIES_PER_EDGE * e.count + 1024;
  let [cols, rows] = gridShape(e, budget);
  for (;;) {
    const g = gridOf(e, cols, rows);
    const counts = new Uint32Array(cols * rows + 1);
    let entries = 0;
    const count = (r: number, c0: number, c1: number) => {
      for (let c = r * cols + c0, end = r * cols + c1; c <= end; c++) counts[c + 1]!++;
      entries += c1 - c0 + 1;
      return entries <= budget;
    };
    let fits = true;
    for (let k = 0; k < e.count && fits; k++) fits = forEachRun(g, e, k, count);
    // A 1 x 1 grid lists each edge once, so this ends.
    if (!fits) {
      cols = Math.ceil(cols / 2);
      rows = Math.ceil(rows / 2);
      continue;
    }
    for (let c = 0; c < cols * rows; c++) counts[c + 1]! += counts[c]!;
    const fill = counts.slice(0, cols * rows);
    const edges = (g.edges = new Uint32Array(entries));
    for (let k = 0; k < e.count; k++) {
      forEachRun(g, e, k, (r, c0, c1) => {
        for (let c = r * cols + c0, end = r * cols + c1; c <= end; c++) edges[fill[c]!++] = k;
        return true;
      });
    }
    g.start = counts;
    return g;
  }
}
