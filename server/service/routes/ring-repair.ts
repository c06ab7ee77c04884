// Census cartographic boundaries are simplified and snapped to a grid, which leaves a few rings
// (42 of us-atlas's 3287 counties and states) with what an area check rightly refuses: spikes
// that run out and back along one line, islands collapsed to a line, and rings that touch
// themselves at a vertex. libgetgeo serves them repaired so that what it answers can be posted
// to collect3 or summarize as it is (the official client's own example does exactly that).
import { findRingSelfIntersection } from '../../../shared/ring-self-intersection';

type Pt = [number, number];

const same = (a: Pt, b: Pt) => a[0] === b[0] && a[1] === b[1];

function cross(a: Pt, b: Pt, c: Pt): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

/** B folds back: the ring reaches it along a line and leaves along the same line. */
function isSpike(a: Pt, b: Pt, c: Pt): boolean {
  if (cross(a, b, c) !== 0) return false;
  return (a[0] - b[0]) * (c[0] - b[0]) + (a[1] - b[1]) * (c[1] - b[1]) > 0;
}

/** The open vertex list without repeated neighbours and spikes (around the closing vertex too). */
function withoutSpikes(ring: readonly Pt[]): Pt[] {
  const pts = same(ring[0], ring[ring.length - 1]) ? ring.slice(0, -1) : ring.slice();
  for (let i = 0, steady = 0; pts.length >= 3 && steady < pts.length;) {
    const n = pts.length;
    const prev = pts[(i + n - 1) % n];
    if (same(pts[i], prev) || isSpike(prev, pts[i], pts[(i + 1) % n])) {
      pts.splice(i, 1);
      // Removing a vertex may make its neighbour a spike: look again from the one before.
      i = (i + pts.length - 1) % pts.length;
      steady = 0;
    } else {
      i = (i + 1) % n;
      steady++;
    }
  }
  return pts;
}

function signedArea(pts: readonly Pt[]): number {
  let a = 0;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++)
    a += pts[j][0] * pts[i][1] - pts[i][0] * pts[j][1];
  return a / 2;
}

/** A ring that visits a vertex twice, as the simple loops between the visits. */
function loops(pts: readonly Pt[]): Pt[][] {
  const out: Pt[][] = [];
  const stack: Pt[] = [];
  const seen = new Map<string, number>();
  for (const p of pts) {
    const key = `${p[0]},${p[1]}`;
    const at = seen.get(key);
    if (at !== undefined) {
      const loop = stack.splice(at);
      for (const q of loop) seen.delete(`${q[0]},${q[1]}`);
      out.push(loop);
    }
    seen.set(key, stack.length);
    stack.push(p);
  }
  out.push(stack);
  return out;
}

/** Where segments ab and cd cross (they are known to), or null when they run along each other. */
function crossing(a: Pt, b: Pt, c: Pt, d: Pt): Pt | null {
  const denom = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0]);
  if (denom === 0) return null;
  const t = ((c[0] - a[0]) * (d[1] - c[1]) - (c[1] - a[1]) * (d[0] - c[0])) / denom;
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
}

/** Loops without spikes, split where the ring crosses itself (a sliver folded by snapping). */
function simpleLoops(pts: Pt[], depth: number): Pt[][] {
  const closed = [...pts, pts[0]];
  const hit = depth < 16 && pts.length >= 3 ? findRingSelfIntersection(closed) : null;
  if (!hit) return [pts];
  const [i, j] = hit[0] < hit[1] ? hit : [hit[1], hit[0]];
  const x = crossing(closed[i], closed[i + 1], closed[j], closed[j + 1]);
  if (!x) return [pts];
  const outer = [...pts.slice(0, i + 1), x, ...pts.slice(j + 1)];
  const inner = [x, ...pts.slice(i + 1, j + 1)];
  return [outer, inner].flatMap((l) =>
    loops(withoutSpikes(l)).flatMap((m) => simpleLoops(withoutSpikes(m), depth + 1)),
  );
}

/** Closed simple rings covering what `ring` covers (even-odd): empty when it encloses nothing. */
export function repairRing(ring: readonly Pt[]): Pt[][] {
  return loops(withoutSpikes(ring))
    .flatMap((l) => simpleLoops(withoutSpikes(l), 0))
    .filter((l) => l.length >= 3 && signedArea(l) !== 0)
    .map((l) => [...l, l[0]]);
}

/**
 * A Polygon or MultiPolygon with every ring repaired. A ring that split into side-by-side
 * loops (a bow-tie's wings, islands joined at a point) gives one polygon per loop; holes stay
 * with the first loop of their polygon. Polygons whose outer ring encloses nothing are dropped.
 */
export function repairPolygons(geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon): Pt[][][] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const out: Pt[][][] = [];
  for (const [outerRing, ...holeRings] of polygons as Pt[][][]) {
    const [first, ...others] = repairRing(outerRing);
    if (!first) continue;
    out.push([first, ...holeRings.flatMap((h) => repairRing(h))]);
    for (const loop of others) out.push([loop]);
  }
  return out;
}
