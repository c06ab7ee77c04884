// A flat local frame in meters around the county (equirectangular). Over one county the error
// is well under 1%, and because x depends only on lng and y only on lat, containment of shapes
// built here is preserved exactly when converted back to lng/lat.

const METERS_PER_DEG_LAT = 110_574;
const METERS_PER_DEG_LNG_EQUATOR = 111_320;

export class LocalProjection {
  private readonly kx: number;
  private readonly ky = METERS_PER_DEG_LAT;

  constructor(
    readonly lng0: number,
    readonly lat0: number,
  ) {
    this.kx = METERS_PER_DEG_LNG_EQUATOR * Math.cos((lat0 * Math.PI) / 180);
  }

  x(lng: number): number {
    return (lng - this.lng0) * this.kx;
  }

  y(lat: number): number {
    return (lat - this.lat0) * this.ky;
  }

  /** Rounded to 1e-7 degrees (about 1 cm): enough, and keeps the JSON short. */
  lng(x: number): number {
    return Math.round((this.lng0 + x / this.kx) * 1e7) / 1e7;
  }

  lat(y: number): number {
    return Math.round((this.lat0 + y / this.ky) * 1e7) / 1e7;
  }
}

/** Even-odd point in ring test; ring as flat [x0, y0, x1, y1, ...] (closing vertex optional). */
export function pointInRing(ring: ArrayLike<number>, x: number, y: number): boolean {
  let inside = false;
  const n = ring.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = ring[2 * i] as number;
    const yi = ring[2 * i + 1] as number;
    const xj = ring[2 * j] as number;
    const yj = ring[2 * j + 1] as number;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
