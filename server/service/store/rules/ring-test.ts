// Exact point-in-polygon over packed rings (crossing number, even-odd). Used for the fabric's
// own parcels and footprints, which have few vertices; large user areas use area-index.ts.
import { COORD_SCALE, type PackedGeometry, firstPart } from '../fabric';

/** Whether (x, y) lies inside feature `f` of a packed polygon layer (holes respected). */
export function packedPolygonContains(
  g: PackedGeometry,
  f: number,
  lng: number,
  lat: number,
): boolean {
  const xy = g.xy;
  const x = lng * COORD_SCALE;
  const y = lat * COORD_SCALE;
  let inside = false;
  for (let p = firstPart(g, f); p < firstPart(g, f + 1); p++) {
    const start = g.vertexStart[p];
    const end = g.vertexStart[p + 1];
    // Rings are closed (first = last), so consecutive pairs cover every edge.
    for (let v = start + 1; v < end; v++) {
      const x1 = xy[2 * v - 2];
      const y1 = xy[2 * v - 1];
      const x2 = xy[2 * v];
      const y2 = xy[2 * v + 1];
      if (y1 > y !== y2 > y && x < ((x2 - x1) * (y - y1)) / (y2 - y1) + x1) inside = !inside;
    }
  }
  return inside;
}

/** Bounding box of feature `f` in degrees: [minX, minY, maxX, maxY]. */
export function packedBBox(g: PackedGeometry, f: number): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const from = g.vertexStart[firstPart(g, f)];
  const to = g.vertexStart[firstPart(g, f + 1)];
  for (let v = from; v < to; v++) {
    const x = g.xy[2 * v];
    const y = g.xy[2 * v + 1];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [minX / COORD_SCALE, minY / COORD_SCALE, maxX / COORD_SCALE, maxY / COORD_SCALE];
}
