// Checks an area before it is saved or summarized, with the rules the service applies, so a
// planner hears about an open ring or a crossing edge at once rather than from a 400 later.
import { kinks, polygon as turfPolygon } from '@turf/turf';
import type { MultiPolygon, Polygon, Position } from 'geojson';

export const MAX_AREA_VERTICES = 100_000;

function ringProblem(ring: unknown, label: string): string | null {
  if (!Array.isArray(ring)) return `${label} is not a list of positions.`;
  if (ring.length < 4) return `${label} has ${ring.length} positions; a ring needs at least 4.`;
  for (const position of ring as unknown[]) {
    if (!Array.isArray(position) || position.length < 2)
      return `${label} has a position that is not [longitude, latitude].`;
    const [lng, lat] = position as unknown[];
    if (
      typeof lng !== 'number' ||
      typeof lat !== 'number' ||
      !Number.isFinite(lng) ||
      !Number.isFinite(lat)
    ) {
      return `${label} has a non-numeric coordinate.`;
    }
    if (lng < -180 || lng > 180 || lat < -90 || lat > 90) {
      return `${label} has a position out of range (longitude -180..180, latitude -90..90).`;
    }
  }
  const positions = ring as Position[];
  const first = positions[0]!;
  const last = positions[positions.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1])
    return `${label} is not closed (its first and last positions differ).`;
  if (new Set(positions.map((p) => `${p[0]},${p[1]}`)).size < 3)
    return `${label} has fewer than 3 distinct positions.`;
  if (kinks(turfPolygon([positions])).features.length > 0) return `${label} crosses itself.`;
  return null;
}

/** A message naming the first broken rule, or null when the area can be summarized. */
export function validateAreaGeometry(geometry: Polygon | MultiPolygon): string | null {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let vertices = 0;
  for (const [p, rings] of polygons.entries()) {
    if (!Array.isArray(rings) || rings.length === 0) return `Polygon ${p + 1} has no rings.`;
    for (const [r, ring] of rings.entries()) {
      const label = polygons.length > 1 ? `Ring ${r + 1} of polygon ${p + 1}` : `Ring ${r + 1}`;
      const problem = ringProblem(ring, label);
      if (problem) return problem;
      vertices += ring.length;
    }
  }
  if (vertices > MAX_AREA_VERTICES)
    return `The area has ${vertices} vertices; at most ${MAX_AREA_VERTICES} are accepted.`;
  return null;
}
