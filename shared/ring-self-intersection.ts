// Finds where a polygon ring crosses or touches itself. Summaries over such rings are
// ill-defined, so the area rules (area-rules.ts) refuse them, in the service and the web app. A Shamos-Hoey sweep: segments enter and leave an
// ordered list (by height along a sweep line moving in x, then y) and each is tested only
// against the neighbours it gains, so a ring of n vertices costs O(n log n) whatever its shape
// (a comb's thousands of teeth spanning the same latitudes included). The first intersection
// the sweep meets is reported; if there is any, it meets one.
import { SkipList } from './skip-list';

/** A position: [longitude, latitude], any further values ignored. */
type Pt = readonly number[];

function orient(a: Pt, b: Pt, c: Pt): number {
  const v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function onSegment(a: Pt, b: Pt, p: Pt): boolean {
  return (
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  );
}

/** Whether segments ab and cd share any point (crossing, touching or overlapping). */
export function segmentsIntersect(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  );
}

/** Neighbouring segments share one vertex; they only conflict when one folds back on the other. */
function adjacentOverlap(a: Pt, shared: Pt, c: Pt): boolean {
  if (orient(a, shared, c) !== 0) return false;
  // Collinear: overlapping iff both far ends lie on the same side of the shared vertex.
  const dot = (a[0] - shared[0]) * (c[0] - shared[0]) + (a[1] - shared[1]) * (c[1] - shared[1]);
  return dot > 0;
}

/** Rings of at most this many segments are tested pair by pair (at most 120 pairs). */
const SMALL_RING = 16;

function pairwise(
  n: number,
  conflict: (i: number, j: number) => boolean,
  original: (i: number) => number,
): [number, number] | null {
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) if (conflict(i, j)) return [original(i), original(j)];
  return null;
}

/** Segment numbers ordered by one end (x, then y), as a typed array (no boxed numbers). */
function segmentOrder(n: number, x: Float64Array, y: Float64Array): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order.sort((i, j) => x[i]! - x[j]! || y[i]! - y[j]!);
}

/**
 * Index pair of two segments of a closed ring (first = last) that intersect, or null. Segment
 * k runs from ring[k] to ring[k + 1]. Consecutive duplicate vertices are ignored (drawing
 * tools emit them).
 */
export function findRingSelfIntersection(ring: readonly Pt[]): [number, number] | null {
  const pts: Pt[] = [];
  const from: number[] = []; // index in `ring` of each kept vertex
  for (let k = 0; k < ring.length; k++) {
    const p = ring[k]!;
    const last = pts[pts.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) {
      pts.push(p);
      from.push(k);
    }
  }
  const n = pts.length - 1; // segments; pts[n] equals pts[0]
  if (n < 3) return null;
  // Each segment's ends in sweep order (x, then y): left end (lx, ly), right end (rx, ry).
  const lx = new Float64Array(n);
  const ly = new Float64Array(n);
  const rx = new Float64Array(n);
  const ry = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const swap = b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]);
    const l = swap ? b : a;
    const r = swap ? a : b;
    lx[i] = l[0]!;
    ly[i] = l[1]!;
    rx[i] = r[0]!;
    ry[i] = r[1]!;
  }
  const original = (i: number) => from[i + 1]! - 1; // the ring's segment that ends at pts[i + 1]

  const conflict = (i: number, j: number): boolean => {
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const c = pts[j]!;
    const d = pts[j + 1]!;
    // Segments sharing a vertex of the ring only conflict when one folds back on the other.
    if ((j + 1) % n === i) return adjacentOverlap(c, a, b);
    if ((i + 1) % n === j) return adjacentOverlap(a, b, d);
    return segmentsIntersect(a, b, c, d);
  };

  // Entries sorted by left end, exits by right end, merged; at one point entries come before
  // exits, so segments that only touch there are in the list together.
  // A small ring (a drawn square, a hole) is cheaper to test pair by pair than to sweep.
  if (n <= SMALL_RING) return pairwise(n, conflict, original);
  const entries = segmentOrder(n, lx, ly);
  const exits = segmentOrder(n, rx, ry);

  const list = new SkipList(n);
  let found: [number, number] | null = null;
  const test = (i: number, j: number): boolean => {
    if (i < 0 || j < 0 || !conflict(i, j)) return false;
    const [oi, oj] = [original(i), original(j)];
    found = [Math.min(oi, oj), Math.max(oi, oj)];
    return true;
  };
  // Side of point (px, py) relative to segment t, read left to right: 1 above, -1 below.
  const side = (t: number, px: number, py: number) => {
    const v = (rx[t]! - lx[t]!) * (py - ly[t]!) - (ry[t]! - ly[t]!) * (px - lx[t]!);
    return v > 0 ? 1 : v < 0 ? -1 : 0;
  };
  for (let a = 0, b = 0; b < n;) {
    const s = a < n ? entries[a]! : -1;
    const x = exits[b]!;
    if (s >= 0 && (lx[s]! < rx[x]! || (lx[s] === rx[x] && ly[s]! <= ry[x]!))) {
      a++;
      // t comes before s when s starts above t, or starts on t and heads above it.
      list.insert(s, (t) => {
        const o = side(t, lx[s]!, ly[s]!) || side(t, rx[s]!, ry[s]!);
        return o === 0 ? t < s : o > 0;
      });
      if (test(list.below(s), s) || test(s, list.above(s))) return found;
    } else {
      b++;
      const below = list.below(x);
      const above = list.above(x);
      list.remove(x);
      if (test(below, above)) return found;
    }
  }
  return null;
}
