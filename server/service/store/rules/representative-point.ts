// One point per parcel or footprint for collect3, which counts a polygon as inside an area when
// this point is: like a location's own point, it lands in exactly one of any set of areas that
// tile the map, so collecting adjacent areas never returns a parcel twice.
import KDBush from 'kdbush';
import { COORD_SCALE, type PackedGeometry, firstPart } from '../fabric';

/**
 * A point inside feature f (holes respected): the middle of the widest inside stretch of a
 * horizontal line through the middle of its box. Vertices are integers (packed units), so a
 * line at k + 0.5 never passes through one and its crossings pair up exactly (even-odd).
 */
export function pointOnSurface(g: PackedGeometry, f: number): [number, number] {
  const xy = g.xy;
  const from = g.vertexStart[firstPart(g, f)];
  const to = g.vertexStart[firstPart(g, f + 1)];
  let minY = Infinity;
  let maxY = -Infinity;
  for (let v = from; v < to; v++) {
    minY = Math.min(minY, xy[2 * v + 1]);
    maxY = Math.max(maxY, xy[2 * v + 1]);
  }
  if (!(maxY - minY >= 1)) return [xy[2 * from] / COORD_SCALE, xy[2 * from + 1] / COORD_SCALE];
  const y = Math.floor((minY + maxY) / 2) + 0.5;
  const xs: number[] = [];
  for (let p = firstPart(g, f); p < firstPart(g, f + 1); p++) {
    // Rings are closed (first = last), so consecutive pairs cover every edge.
    for (let v = g.vertexStart[p] + 1; v < g.vertexStart[p + 1]; v++) {
      const x1 = xy[2 * v - 2];
      const y1 = xy[2 * v - 1];
      const x2 = xy[2 * v];
      const y2 = xy[2 * v + 1];
      if (y1 > y !== y2 > y) xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
    }
  }
  xs.sort((a, b) => a - b);
  let best = 0;
  for (let k = 2; k + 1 < xs.length; k += 2)
    if (xs[k + 1] - xs[k] > xs[best + 1] - xs[best]) best = k;
  return [(xs[best] + xs[best + 1]) / 2 / COORD_SCALE, y / COORD_SCALE];
}

/** A kd-tree of the layer's representative points (ids are feature indexes), or null when empty. */
export function representativeTree(g: PackedGeometry): KDBush | null {
  if (g.count === 0) return null;
  const tree = new KDBush(g.count);
  for (let f = 0; f < g.count; f++) {
    const [x, y] = pointOnSurface(g, f);
    tree.add(x, y);
  }
  return tree.finish();
}
