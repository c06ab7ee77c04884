// How far a point lies from a parcel or footprint, for locate's tolerances: a geocoded point a
// few meters outside its lot (in the street, on the far side of a digitising error) may still
// be counted as inside it. Distances are only ever compared with tolerances of at most 100 m,
// so a flat projection around the point (equirectangular, scaled at its latitude) is exact
// enough: its error at that range is far below a centimeter.
import { COORD_SCALE, type PackedGeometry, firstPart } from '../fabric';
import { EARTH_RADIUS_M } from './geodesy';
import { packedPolygonContains } from './ring-test';

const M_PER_UNIT = (EARTH_RADIUS_M * Math.PI) / 180 / COORD_SCALE;

/** Meters from (lng, lat) to the nearest edge of feature `f` (any ring, holes included). */
export function boundaryDistanceMeters(
  g: PackedGeometry,
  f: number,
  lng: number,
  lat: number,
): number {
  const xy = g.xy;
  const px = lng * COORD_SCALE;
  const py = lat * COORD_SCALE;
  const kx = M_PER_UNIT * Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  for (let p = firstPart(g, f); p < firstPart(g, f + 1); p++) {
    for (let v = g.vertexStart[p] + 1; v < g.vertexStart[p + 1]; v++) {
      // The edge in meters, with the point at the origin.
      const ax = (xy[2 * v - 2] - px) * kx;
      const ay = (xy[2 * v - 1] - py) * M_PER_UNIT;
      const bx = (xy[2 * v] - px) * kx;
      const by = (xy[2 * v + 1] - py) * M_PER_UNIT;
      const dx = bx - ax;
      const dy = by - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
      const d2 = (ax + t * dx) ** 2 + (ay + t * dy) ** 2;
      if (d2 < best) best = d2;
    }
  }
  return Math.sqrt(best);
}

/**
 * 0 when the point is inside feature `f`, else its distance to the feature's boundary when
 * that is at most `tolerance` meters, else -1 (not inside, even counting the tolerance).
 */
export function insideWithin(
  g: PackedGeometry,
  f: number,
  lng: number,
  lat: number,
  tolerance: number,
): number {
  if (packedPolygonContains(g, f, lng, lat)) return 0;
  if (tolerance <= 0) return -1;
  const d = boundaryDistanceMeters(g, f, lng, lat);
  return d <= tolerance ? d : -1;
}
