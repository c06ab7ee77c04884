// How a county is named, from the Census county file's bare name ("Sangamon") and its GEOID, and
// where its label sits: the map's labels (cut into the boundary tiles by the app server), Draw
// mode's county offer and places' county entries all say it this way.
import type { MultiPolygon, Polygon, Position } from 'geojson';

/** "Sangamon County", "Orleans Parish"; Alaska and Virginia's cities keep their own names. */
export function countyLabel(name: string, geoid: string): string {
  const state = geoid.slice(0, 2);
  if (state === '22') return `${name} Parish`;
  if (state === '02' || /city$/i.test(name)) return name;
  return `${name} County`;
}

/** Area-weighted centroid of the largest outer ring (good enough for county shapes). */
export function largestRingCentroid(geometry: Polygon | MultiPolygon): Position {
  const rings =
    geometry.type === 'Polygon' ? [geometry.coordinates[0]] : geometry.coordinates.map((p) => p[0]);
  let best: { area: number; x: number; y: number } | null = null;
  for (const ring of rings) {
    let area = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const cross = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
      area += cross;
      cx += (ring[j][0] + ring[i][0]) * cross;
      cy += (ring[j][1] + ring[i][1]) * cross;
    }
    if (area === 0) continue;
    const candidate = { area: Math.abs(area / 2), x: cx / (3 * area), y: cy / (3 * area) };
    if (!best || candidate.area > best.area) best = candidate;
  }
  if (best) return [best.x, best.y];
  const first = rings[0][0];
  return [first[0], first[1]];
}
