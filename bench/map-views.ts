// The two views of the fixed broadband map figure, chosen from the fabric the app server serves: the
// densest town at the street zoom whose view holds about 5,000 current locations (13 or more,
// where the fixed layer draws locations), and the whole county at the zoom that fits it
// (at most 10, where the hexagons are res 7). Web Mercator with MapLibre's 512-pixel tiles.
import type { Fabric } from '../server/service/store/fabric';
import { busiestTown } from './workload';

export interface MapView {
  name: string;
  lng: number;
  lat: number;
  zoom: number;
  /** Current locations inside the view's box, counted here. */
  locations: number;
}

export interface CanvasSize {
  width: number;
  height: number;
}

/** Web Mercator x and y of a longitude and latitude, 0..1 across the world. */
export const mercX = (lng: number) => (lng + 180) / 360;
export const mercY = (lat: number) => {
  const r = (lat * Math.PI) / 180;
  return (1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2;
};

/** Locations in the canvas-sized box around (lng, lat) at zoom z. */
function countInView(
  fabric: Fabric,
  current: Uint32Array,
  at: { lng: number; lat: number },
  z: number,
  size: CanvasSize,
): number {
  const world = 512 * 2 ** z;
  const [cx, cy] = [mercX(at.lng) * world, mercY(at.lat) * world];
  const { lng, lat } = fabric.locations;
  let n = 0;
  for (const i of current) {
    const dx = mercX(lng[i]!) * world - cx;
    const dy = mercY(lat[i]!) * world - cy;
    if (Math.abs(dx) <= size.width / 2 && Math.abs(dy) <= size.height / 2) n++;
  }
  return n;
}

/** The densest town at the street zoom (a quarter step) whose view holds nearest `target`. */
export function streetView(
  fabric: Fabric,
  current: Uint32Array,
  size: CanvasSize,
  target = 5000,
): MapView {
  const town = busiestTown(fabric, current);
  let best: MapView | null = null;
  for (let zoom = 13; zoom <= 18; zoom += 0.25) {
    const locations = countInView(fabric, current, town, zoom, size);
    if (!best || Math.abs(locations - target) < Math.abs(best.locations - target))
      best = { name: 'street', lng: town.lng, lat: town.lat, zoom, locations };
    if (locations < target) break; // fewer at every further zoom
  }
  return best!;
}

/** The county's box centred, at the zoom that fits it with a margin, between 6 and 10. */
export function countyView(fabric: Fabric, current: Uint32Array, size: CanvasSize): MapView {
  const at = fitView(fabric.county.boundary, size, 6, 10);
  return {
    name: 'county',
    ...at,
    locations: countInView(fabric, current, at, at.zoom, size),
  };
}

/** An outline's box centred, at the zoom that fits it with a margin (quarter steps), clamped. */
export function fitView(
  boundary: GeoJSON.MultiPolygon,
  size: CanvasSize,
  minZoom: number,
  maxZoom: number,
): { lng: number; lat: number; zoom: number } {
  const points = boundary.coordinates.flat(2);
  const xs = points.map((p) => mercX(p[0]!));
  const ys = points.map((p) => mercY(p[1]!));
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const fit = Math.log2(Math.min(size.width / (x1 - x0), size.height / (y1 - y0)) / 512);
  const zoom = Math.min(maxZoom, Math.max(minZoom, Math.floor((fit - 0.1) * 4) / 4));
  const lng = ((x0 + x1) / 2) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (y0 + y1)))) * 180) / Math.PI;
  return { lng, lat, zoom };
}

/** The [west, south, east, north] a canvas of `size` shows around (lng, lat) at `zoom`. */
export function viewBox(
  at: { lng: number; lat: number; zoom: number },
  size: CanvasSize,
): [number, number, number, number] {
  const world = 512 * 2 ** at.zoom;
  const [cx, cy] = [mercX(at.lng) * world, mercY(at.lat) * world];
  const lng = (x: number) => (x / world) * 360 - 180;
  const lat = (y: number) =>
    (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / world))) * 180) / Math.PI;
  return [
    lng(cx - size.width / 2),
    lat(cy + size.height / 2),
    lng(cx + size.width / 2),
    lat(cy - size.height / 2),
  ];
}
