import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findRingSelfIntersection, segmentsIntersect } from './ring-self-intersection';

type Pt = [number, number];

// ---- brute force: every pair of segments, written without the sweep ----
function collinearFoldBack(a: Pt, shared: Pt, c: Pt): boolean {
  const cross = (a[0] - shared[0]) * (c[1] - shared[1]) - (a[1] - shared[1]) * (c[0] - shared[0]);
  const dot = (a[0] - shared[0]) * (c[0] - shared[0]) + (a[1] - shared[1]) * (c[1] - shared[1]);
  return cross === 0 && dot > 0;
}

/** Segments k of the ring (ring[k] to ring[k + 1]) of nonzero length, by index. */
function segmentsOf(ring: Pt[]): number[] {
  const out: number[] = [];
  for (let k = 0; k + 1 < ring.length; k++)
    if (ring[k]![0] !== ring[k + 1]![0] || ring[k]![1] !== ring[k + 1]![1]) out.push(k);
  return out;
}

function pairConflicts(ring: Pt[], i: number, j: number): boolean {
  const segs = segmentsOf(ring);
  const pi = segs.indexOf(i);
  const pj = segs.indexOf(j);
  if (pi < 0 || pj < 0 || i === j) return false;
  const n = segs.length;
  const [a, b, c, d] = [ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!];
  if ((pj + 1) % n === pi) return collinearFoldBack(c, a, b);
  if ((pi + 1) % n === pj) return collinearFoldBack(a, b, d);
  return segmentsIntersect(a, b, c, d);
}

function bruteForce(ring: Pt[]): boolean {
  const segs = segmentsOf(ring);
  if (segs.length < 3) return false;
  for (const i of segs) for (const j of segs) if (i < j && pairConflicts(ring, i, j)) return true;
  return false;
}

// Few distinct coordinates: shared vertices, collinear runs, vertical and horizontal edges and
// repeated points are the rule rather than the exception.
const gridRing = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), {
    minLength: 3,
    maxLength: 14,
  })
  .map((pts) => [...pts, pts[0]!] as Pt[]);

// Star-shaped rings (never self-intersecting) with some vertices repeated.
const starRing = fc
  .array(fc.tuple(fc.double({ min: 0.2, max: 1, noNaN: true }), fc.boolean()), {
    minLength: 3,
    maxLength: 60,
  })
  .map((spokes) => {
    const ring: Pt[] = [];
    spokes.forEach(([r, twice], k) => {
      const t = (2 * Math.PI * k) / spokes.length;
      const p: Pt = [Math.round(1e6 * r * Math.cos(t)), Math.round(1e6 * r * Math.sin(t))];
      ring.push(p);
      if (twice) ring.push([...p]);
    });
    return [...ring, [...ring[0]!] as Pt];
  });

// Rectangles with extra vertices along their sides (collinear runs that touch only at ends),
// sometimes with one vertex pushed onto the opposite side or back along its own.
const rectRing = fc
  .record({
    w: fc.integer({ min: 1, max: 6 }),
    h: fc.integer({ min: 1, max: 6 }),
    extra: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
    push: fc.option(
      fc.tuple(fc.nat(), fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 })),
    ),
  })
  .map(({ w, h, extra, push }) => {
    const side = (from: Pt, to: Pt, k: number): Pt[] =>
      Array.from({ length: k + 1 }, (_, s) => [
        from[0] + ((to[0] - from[0]) * s) / (k + 1),
        from[1] + ((to[1] - from[1]) * s) / (k + 1),
      ]);
    // Sides of 12 units split in up to 4: every coordinate an integer, every predicate exact.
    const corners: Pt[] = [
      [0, 0],
      [12 * w, 0],
      [12 * w, 12 * h],
      [0, 12 * h],
    ];
    const ring = corners.flatMap((c, i) => side(c, corners[(i + 1) % 4]!, extra[i]!));
    if (push) ring[push[0] % ring.length] = [12 * push[1], 12 * push[2]];
    return [...ring, [...ring[0]!] as Pt];
  });

describe('findRingSelfIntersection', () => {
  it('agrees with testing every pair, on degenerate grid rings, star rings and rectangles', () => {
    fc.assert(
      fc.property(fc.oneof(gridRing, starRing, rectRing), (ring) => {
        const found = findRingSelfIntersection(ring);
        expect(found !== null).toBe(bruteForce(ring));
        // What it reports is a real conflict, named by the ring's own segment indexes.
        if (found) expect(pairConflicts(ring, found[0], found[1])).toBe(true);
      }),
      { numRuns: 20_000, seed: 1206 },
    );
  });

  it('finds one crossing among the teeth of a large comb, and none in the comb itself', () => {
    const teeth = 5000;
    const ring: Pt[] = [];
    for (let k = 0; k < teeth; k++)
      ring.push([4 * k, 100], [4 * k + 2, 100], [4 * k + 2, 1], [4 * k + 4, 1]);
    ring.push([4 * teeth, 0], [0, 0], [0, 100]);
    expect(findRingSelfIntersection(ring)).toBeNull();
    // Bend one tooth tip into its neighbour: a single crossing deep in the list.
    const bent = ring.map((p) => [...p] as Pt);
    bent[4 * 2500 + 1] = [4 * 2500 + 5, 100];
    expect(findRingSelfIntersection(bent)).not.toBeNull();
    const [i, j] = findRingSelfIntersection(bent)!;
    expect(pairConflicts(bent, i, j)).toBe(true);
  });
});
