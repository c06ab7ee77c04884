// Packs nested coordinate arrays into the fabric's flat PackedGeometry, for hand-built fabrics.
import { COORD_SCALE, type PackedGeometry } from '../store/fabric';

/** features[i] = parts (rings or lines), each a list of [lng, lat]. Rings must already be closed. */
export function packGeometry(features: number[][][][]): PackedGeometry {
  const partStart = new Uint32Array(features.length + 1);
  const parts = features.flat();
  const vertexStart = new Uint32Array(parts.length + 1);
  const xy = new Int32Array(parts.reduce((n, p) => n + p.length * 2, 0));
  let part = 0;
  let vertex = 0;
  features.forEach((f, i) => {
    partStart[i] = part;
    for (const p of f) {
      vertexStart[part++] = vertex;
      for (const [x, y] of p) {
        xy[2 * vertex] = Math.round(x * COORD_SCALE);
        xy[2 * vertex + 1] = Math.round(y * COORD_SCALE);
        vertex++;
      }
    }
  });
  partStart[features.length] = part;
  vertexStart[parts.length] = vertex;
  return { count: features.length, partStart, vertexStart, xy };
}
