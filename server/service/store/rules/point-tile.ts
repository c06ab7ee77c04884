// One layer of points straight into a vector tile. A dense street tile holds thousands of
// locations; geojson-vt's general path (GeoJSON in, clipping, simplification indexes) cost
// several times vt-pbf's encoding for them, and points need none of it: each is projected
// and rounded to tile units as geojson-vt does, the caller having kept only those inside the
// tile and its buffer.
import { fromGeojsonVt } from 'vt-pbf';
import { TILE_EXTENT } from './tile-grid';

export interface TilePoint {
  id: number;
  lng: number;
  lat: number;
  properties: Record<string, string | number>;
}

/** Web Mercator of (lng, lat) in tile (z, x, y)'s units, rounded (geojson-vt's projection). */
export function tileUnits(lng: number, lat: number, z: number, x: number, y: number) {
  const n = 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  const my = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  const worldY = my < 0 ? 0 : my > 1 ? 1 : my;
  return [
    Math.round(TILE_EXTENT * ((lng / 360 + 0.5) * n - x)),
    Math.round(TILE_EXTENT * (worldY * n - y)),
  ] as const;
}

/** MVT bytes of one point layer; no layer at all when there are no points. */
export function encodePointTile(
  layer: string,
  points: readonly TilePoint[],
  z: number,
  x: number,
  y: number,
): Uint8Array {
  if (points.length === 0) return fromGeojsonVt({}, { version: 2, extent: TILE_EXTENT });
  const features = points.map((p) => ({
    id: p.id,
    type: 1 as const,
    geometry: [tileUnits(p.lng, p.lat, z, x, y)],
    tags: p.properties,
  }));
  // vt-pbf reads only these members of a geojson-vt tile.
  const tile = { features } as unknown as Parameters<typeof fromGeojsonVt>[0][string];
  return fromGeojsonVt({ [layer]: tile }, { version: 2, extent: TILE_EXTENT });
}
