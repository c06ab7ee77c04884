// Polygons read from the database (ST_AsBinary) packed the way the memory store keeps them:
// vertices as integers of 1e-7 degrees, rings as parts, so the memory store's own geometry
// functions (point in polygon, distance to an edge, point on surface) run on them unchanged.
// The fabric's coordinates have 7 decimals, so rounding gives back exactly the memory store's
// integers.
import { COORD_SCALE, type PackedGeometry } from '../fabric';

const WKB_POLYGON = 3;
const WKB_MULTIPOLYGON = 6;

/** Features appended one at a time; `finish` gives the packed geometry (features 0..n-1). */
export class PackedBuilder {
  private partStart: number[] = [0];
  private vertexStart: number[] = [0];
  private xy: number[] = [];

  get count(): number {
    return this.partStart.length - 1;
  }

  /** Appends one feature from WKB of a Polygon or MultiPolygon (either byte order); its index. */
  addWkb(wkb: Uint8Array): number {
    const view = new DataView(wkb.buffer, wkb.byteOffset, wkb.byteLength);
    let at = 0;
    const header = () => {
      const little = view.getUint8(at) === 1;
      const type = view.getUint32(at + 1, little) % 1000;
      at += 5;
      return { little, type };
    };
    const polygon = (little: boolean) => {
      const rings = view.getUint32(at, little);
      at += 4;
      for (let r = 0; r < rings; r++) {
        const points = view.getUint32(at, little);
        at += 4;
        for (let k = 0; k < points; k++) {
          this.xy.push(
            Math.round(view.getFloat64(at, little) * COORD_SCALE),
            Math.round(view.getFloat64(at + 8, little) * COORD_SCALE),
          );
          at += 16;
        }
        this.vertexStart.push(this.xy.length / 2);
      }
    };
    const top = header();
    if (top.type === WKB_POLYGON) polygon(top.little);
    else if (top.type === WKB_MULTIPOLYGON) {
      const n = view.getUint32(at, top.little);
      at += 4;
      for (let p = 0; p < n; p++) polygon(header().little);
    } else throw new Error(`expected a polygon, got WKB type ${top.type}`);
    this.partStart.push(this.vertexStart.length - 1);
    return this.count - 1;
  }

  finish(): PackedGeometry {
    return {
      count: this.count,
      partStart: Uint32Array.from(this.partStart),
      vertexStart: Uint32Array.from(this.vertexStart),
      xy: Int32Array.from(this.xy),
    };
  }
}

/** One feature's packed geometry from its WKB. */
export function packedFromWkb(wkb: Uint8Array): PackedGeometry {
  const b = new PackedBuilder();
  b.addWkb(wkb);
  return b.finish();
}
