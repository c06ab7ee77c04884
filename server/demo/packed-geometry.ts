// Builds PackedGeometry (fabric.ts) feature by feature. Coordinates go in as local meters and
// are turned into lng/lat once at the end, so every shape is built in a flat metric frame.
import { COORD_SCALE, type PackedGeometry } from '../service/store/fabric';
import { growF64, growU32 } from './growable';
import type { LocalProjection } from './projection';

export class PackedGeometryBuilder {
  private readonly partStart = growU32();
  private readonly vertexStart = growU32();
  private readonly xy = growF64();
  count = 0;

  constructor() {
    this.partStart.push(0);
    this.vertexStart.push(0);
  }

  /** Starts a feature; its parts follow with addPart. Returns the feature index. */
  beginFeature(): number {
    this.count++;
    this.partStart.push(this.vertexStart.length - 1);
    return this.count - 1;
  }

  /** Appends a part (ring or line) to the current feature. */
  addPart(coords: readonly number[], closeRing: boolean): void {
    for (let i = 0; i < coords.length; i += 2) {
      this.xy.push(coords[i] as number);
      this.xy.push(coords[i + 1] as number);
    }
    if (closeRing) {
      this.xy.push(coords[0] as number);
      this.xy.push(coords[1] as number);
    }
    this.vertexStart.push(this.xy.length / 2);
    this.partStart.set(this.count, this.vertexStart.length - 1);
  }

  /** A one-ring polygon feature from corner coordinates (x0, y0, x1, y1, ...). */
  addPolygon(corners: readonly number[]): number {
    const i = this.beginFeature();
    this.addPart(signedArea(corners) < 0 ? reverseCoords(corners) : corners, true);
    return i;
  }

  /** A polyline feature. */
  addLine(coords: readonly number[]): number {
    const i = this.beginFeature();
    this.addPart(coords, false);
    return i;
  }

  build(projection: LocalProjection): PackedGeometry {
    const local = this.xy.toArray();
    const xy = new Int32Array(local.length);
    for (let i = 0; i < local.length; i += 2) {
      xy[i] = Math.round(projection.lng(local[i] as number) * COORD_SCALE);
      xy[i + 1] = Math.round(projection.lat(local[i + 1] as number) * COORD_SCALE);
    }
    return {
      count: this.count,
      partStart: this.partStart.toArray(),
      vertexStart: this.vertexStart.toArray(),
      xy,
    };
  }
}

/** Twice the signed area of a flat ring; positive when counterclockwise. */
function signedArea(c: readonly number[]): number {
  let a = 0;
  const n = c.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++)
    a +=
      (c[2 * j] as number) * (c[2 * i + 1] as number) -
      (c[2 * i] as number) * (c[2 * j + 1] as number);
  return a;
}

/** Outer rings counterclockwise, as RFC 7946 recommends. */
function reverseCoords(c: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = c.length - 2; i >= 0; i -= 2) out.push(c[i] as number, c[i + 1] as number);
  return out;
}
