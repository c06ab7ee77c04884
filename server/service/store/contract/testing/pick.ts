// Seeded picks from a fabric for the contract cases: samples of present locations, points moved
// by some meters, rectangles and rings. Inputs only: answers always come from the stores.
import { Rng } from '../../../../demo/prng';
import { COORD_SCALE, type Fabric, type PackedGeometry, firstPart } from '../../fabric';

const METERS_PER_DEGREE = 111_195;

export class Picker {
  private readonly rng: Rng;
  constructor(
    readonly fabric: Fabric,
    seed: number,
  ) {
    this.rng = new Rng(seed);
  }

  next(): number {
    return this.rng.next();
  }

  /** Up to n distinct items of `from`, in a seeded order. */
  sample<T>(from: readonly T[], n: number): T[] {
    const a = from.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.rng.int(i + 1);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a.slice(0, n);
  }

  /** Indexes of the locations present in vintage vi. */
  present(vi: number): number[] {
    const l = this.fabric.locations;
    const out: number[] = [];
    for (let i = 0; i < l.count; i++) if (l.presence[i] & (1 << vi)) out.push(i);
    return out;
  }

  /** Indexes of the locations absent from vintage vi (retired, or not yet built). */
  absent(vi: number): number[] {
    const l = this.fabric.locations;
    const out: number[] = [];
    for (let i = 0; i < l.count; i++) if (!(l.presence[i] & (1 << vi))) out.push(i);
    return out;
  }

  /** [lng, lat] moved `meters` from the point in a seeded direction. */
  moved([lng, lat]: [number, number], meters: number): [number, number] {
    const a = this.rng.next() * 2 * Math.PI;
    const dLat = (meters * Math.sin(a)) / METERS_PER_DEGREE;
    const dLng = (meters * Math.cos(a)) / (METERS_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
    return [lng + dLng, lat + dLat];
  }
}

/** Vertex v of a packed geometry as [lng, lat]. */
export function vertex(g: PackedGeometry, v: number): [number, number] {
  return [g.xy[2 * v] / COORD_SCALE, g.xy[2 * v + 1] / COORD_SCALE];
}

/** The mean of a feature's outer ring's vertices (inside for the demo's convex lots). */
export function ringMean(g: PackedGeometry, f: number): [number, number] {
  const p = firstPart(g, f);
  const from = g.vertexStart[p];
  const to = g.vertexStart[p + 1] - 1; // the closing vertex repeats the first
  let x = 0;
  let y = 0;
  for (let v = from; v < to; v++) {
    const [lng, lat] = vertex(g, v);
    x += lng;
    y += lat;
  }
  return [x / (to - from), y / (to - from)];
}

/** A closed rectangle ring, counter-clockwise (or clockwise, for a hole). */
export function rectRing(
  [x0, y0, x1, y1]: [number, number, number, number],
  clockwise = false,
): GeoJSON.Position[] {
  const ring = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ];
  return clockwise ? ring.reverse() : ring;
}

/** A box of `meters` half-width around a point. */
export function boxAround(
  [lng, lat]: [number, number],
  meters: number,
): [number, number, number, number] {
  const dLat = meters / METERS_PER_DEGREE;
  const dLng = meters / (METERS_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  return [lng - dLng, lat - dLat, lng + dLng, lat + dLat];
}

/** A closed star-shaped ring of n points around a centre, radii between r0 and r1 meters. */
export function starRing(
  pick: Picker,
  centre: [number, number],
  n: number,
  r0: number,
  r1: number,
): GeoJSON.Position[] {
  const ring: GeoJSON.Position[] = [];
  for (let k = 0; k < n; k++) {
    const a = (2 * Math.PI * k) / n;
    const r = (r0 + (r1 - r0) * pick.next()) / METERS_PER_DEGREE;
    const c = Math.cos((centre[1] * Math.PI) / 180);
    ring.push([centre[0] + (r * Math.cos(a)) / c, centre[1] + r * Math.sin(a)]);
  }
  ring.push([...ring[0]]);
  return ring;
}
