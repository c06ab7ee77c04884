// The geometry rules an area must pass before a summary is computed over it (docs/SERVICE.md,
// "summarize" and "Limits"), as one pure function. The service turns the first broken rule into
// a 400 invalid_geojson; the web app turns it into a sentence the moment an area is drawn,
// imported or loaded from storage. One function, so the two can never disagree.
import { findRingSelfIntersection } from './ring-self-intersection';

export const MAX_AREA_VERTICES = 100_000;

/** Polygons as lists of rings, read defensively: stored and imported areas are untrusted. */
export type AreaPolygons = readonly (readonly unknown[])[];

/** Which ring broke a rule: zero-based polygon and ring indexes. */
interface RingAt {
  polygon: number;
  ring: number;
}

/** The first rule an area breaks, with what a message needs to name it. */
export type AreaProblem =
  | { rule: 'max_vertices'; vertices: number; max: number }
  | { rule: 'no_rings'; polygon: number }
  | (RingAt & { rule: 'not_positions'; what: 'ring' | 'position' })
  | (RingAt & { rule: 'min_positions'; positions: number; distinct: boolean })
  | (RingAt & { rule: 'numeric' | 'range' | 'closed' })
  | (RingAt & { rule: 'self_intersection'; segments: [number, number] });

type Pt = readonly number[];

/** Structure and coordinate rules of one ring, in the order a planner would fix them. */
function ringProblem(ring: unknown, at: RingAt): AreaProblem | null {
  if (!Array.isArray(ring)) return { rule: 'not_positions', what: 'ring', ...at };
  if (ring.length < 4)
    return { rule: 'min_positions', positions: ring.length, distinct: false, ...at };
  for (const position of ring as unknown[]) {
    if (!Array.isArray(position) || position.length < 2)
      return { rule: 'not_positions', what: 'position', ...at };
    const [lng, lat] = position as unknown[];
    if (typeof lng !== 'number' || typeof lat !== 'number') return { rule: 'numeric', ...at };
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) return { rule: 'numeric', ...at };
    if (lng < -180 || lng > 180 || lat < -90 || lat > 90) return { rule: 'range', ...at };
  }
  const points = ring as Pt[];
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) return { rule: 'closed', ...at };
  if (!hasThreeDistinct(points))
    return { rule: 'min_positions', positions: ring.length, distinct: true, ...at };
  const segments = findRingSelfIntersection(points);
  if (segments) return { rule: 'self_intersection', segments, ...at };
  return null;
}

/** Whether a ring has at least 3 distinct positions, without a set of them all. */
function hasThreeDistinct(ring: readonly Pt[]): boolean {
  const [x0, y0] = ring[0]!;
  const second = ring.find(([x, y]) => x !== x0 || y !== y0);
  if (!second) return false;
  const [x1, y1] = second;
  return ring.some(([x, y]) => (x !== x0 || y !== y0) && (x !== x1 || y !== y1));
}

/**
 * The first rule an area breaks, or null when a summary can be computed over it. The vertex
 * limit comes first, so an oversized area is refused before any ring is swept; then each ring
 * in order. O(n log n) in the vertices whatever the shape (the crossing test is a sweep).
 */
export function areaProblem(polygons: AreaPolygons): AreaProblem | null {
  let vertices = 0;
  for (const rings of polygons)
    if (Array.isArray(rings))
      for (const ring of rings) vertices += Array.isArray(ring) ? ring.length : 0;
  if (vertices > MAX_AREA_VERTICES)
    return { rule: 'max_vertices', vertices, max: MAX_AREA_VERTICES };
  for (const [polygon, rings] of polygons.entries()) {
    if (!Array.isArray(rings) || rings.length === 0) return { rule: 'no_rings', polygon };
    for (const [ring, positions] of rings.entries()) {
      const problem = ringProblem(positions, { polygon, ring });
      if (problem) return problem;
    }
  }
  return null;
}
