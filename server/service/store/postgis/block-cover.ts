// Which blocks of points an area covers whole, misses whole, or cuts: a block's box that no edge
// of the area comes near lies wholly inside or wholly outside it (the crossing count of the
// even-odd rule cannot change within it), which the memory store's own contains() decides at
// the box's centre. Only the blocks an edge cuts are read and tested point by point.
import { collectEdges } from '../rules/area-grid';
import type { AreaIndex } from '../rules/area-index';
import type { Area } from '../store';
import type { Box } from './blocks';

export const OUTSIDE = 0;
export const INSIDE = 1;
export const CUT = 2;

/** Boxes are widened by this (degrees, about 0.1 mm) so rounding never hides an edge. */
const MARGIN = 1e-9;
/** Past this many edge-box tests, every block is read and tested point by point. */
const MAX_TESTS = 5_000_000;

/** Whether segment (x1, y1)-(x2, y2) meets the box (closed). */
function meets(x1: number, y1: number, x2: number, y2: number, [a, b, c, d]: Box): boolean {
  if (Math.max(x1, x2) < a || Math.min(x1, x2) > c) return false;
  if (Math.max(y1, y2) < b || Math.min(y1, y2) > d) return false;
  // The box's corners all strictly on one side of the segment's line: it misses the box.
  const dx = x2 - x1;
  const dy = y2 - y1;
  const s1 = dx * (b - y1) - dy * (a - x1);
  const s2 = dx * (d - y1) - dy * (a - x1);
  const s3 = dx * (b - y1) - dy * (c - x1);
  const s4 = dx * (d - y1) - dy * (c - x1);
  return !((s1 > 0 && s2 > 0 && s3 > 0 && s4 > 0) || (s1 < 0 && s2 < 0 && s3 < 0 && s4 < 0));
}

export function classifyBlocks(area: Area, index: AreaIndex, boxes: Box[]): Uint8Array {
  const out = new Uint8Array(boxes.length).fill(CUT);
  const e = collectEdges(area);
  if (e.count * boxes.length > MAX_TESTS) return out;
  const xy = e.xy;
  boxes.forEach(([a, b, c, d], k) => {
    const box: Box = [a - MARGIN, b - MARGIN, c + MARGIN, d + MARGIN];
    for (let i = 0; i < e.count; i++) {
      if (meets(xy[4 * i], xy[4 * i + 1], xy[4 * i + 2], xy[4 * i + 3], box)) return;
    }
    out[k] = index.contains((a + c) / 2, (b + d) / 2) ? INSIDE : OUTSIDE;
  });
  return out;
}
