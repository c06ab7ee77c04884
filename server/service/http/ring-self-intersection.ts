// Finds where a polygon ring crosses or touches itself. Summaries over such rings are
// ill-defined, so summarize refuses them. Sweep and prune: segments sorted by their lowest
// latitude; each is tested only against earlier segments whose latitude span still reaches
// it and whose longitude span overlaps. Fast on the thousands of vertices drawn areas have.

type Pt = readonly [number, number];

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

/**
 * Index pair of two segments of a closed ring (first = last) that intersect, or null.
 * Consecutive duplicate vertices are ignored (drawing tools emit them).
 */
export function findRingSelfIntersection(ring: readonly Pt[]): [number, number] | null {
  const pts: Pt[] = [];
  for (const p of ring) {
    const last = pts[pts.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) pts.push(p);
  }
  const n = pts.length - 1; // segments; pts[n] equals pts[0]
  if (n < 3) return null;
  const order = Array.from({ length: n }, (_, i) => i);
  const minY = (i: number) => Math.min(pts[i]![1], pts[i + 1]![1]);
  const maxY = (i: number) => Math.max(pts[i]![1], pts[i + 1]![1]);
  order.sort((i, j) => minY(i) - minY(j));
  let active: number[] = [];
  for (const i of order) {
    const lo = minY(i);
    active = active.filter((j) => maxY(j) >= lo);
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const minX = Math.min(a[0], b[0]);
    const maxX = Math.max(a[0], b[0]);
    for (const j of active) {
      const c = pts[j]!;
      const d = pts[j + 1]!;
      if (Math.max(c[0], d[0]) < minX || Math.min(c[0], d[0]) > maxX) continue;
      const next = (j + 1) % n === i;
      const prev = (i + 1) % n === j;
      if (next || prev) {
        // j ends where i starts (or the reverse): only a fold-back counts.
        if (next ? adjacentOverlap(c, a, b) : adjacentOverlap(a, b, d)) return [j, i];
        continue;
      }
      if (segmentsIntersect(a, b, c, d)) return [Math.min(i, j), Math.max(i, j)];
    }
    active.push(i);
  }
  return null;
}
