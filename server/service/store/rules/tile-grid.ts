// The tile grid both stores cut their vector tiles on (docs/SERVICE.md, tiles and fixed tiles):
// which layer starts at which zoom, a tile's box, how a tile's layers are cut and encoded, the
// road class names and the hexagon resolutions by zoom. One copy, so the memory and PostGIS
// stores answer the same bytes for the same features.
import geojsonvt from 'geojson-vt';
import { fromGeojsonVt } from 'vt-pbf';

export type BBox = [number, number, number, number];

/** Road classes as the map styles name them (fabric roadClass 0..3). */
export const ROAD_CLASS = ['minor', 'arterial', 'collector', 'primary'] as const;

/**
 * Lowest zoom at which each layer is in a tile. Below them a tile would hold thousands of
 * features too small to see; the map styles start drawing them at or after these zooms.
 */
export const TILE_MIN_ZOOM = {
  roads: 8,
  towns: 0,
  parcels: 13,
  footprints: 14,
  locations: 13,
} as const;
export const TILE_EXTENT = 4096;
const EXTENT = TILE_EXTENT;
const BUFFER = 64; // tile units of overlap, so strokes and dots at the edges are not cut

/** The lng/lat box of tile (z, x, y), grown by the tile buffer. */
export function tileBBox(z: number, x: number, y: number): BBox {
  const n = 2 ** z;
  const pad = BUFFER / EXTENT;
  const lng = (tx: number) => (tx / n) * 360 - 180;
  const lat = (ty: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI;
  return [lng(x - pad), lat(y + 1 + pad), lng(x + 1 + pad), lat(y - pad)];
}

function cut(features: GeoJSON.Feature[], z: number, x: number, y: number) {
  if (features.length === 0) return null;
  // indexMaxZoom 0: geojson-vt splits only along the path to the requested tile.
  const index = geojsonvt(
    { type: 'FeatureCollection', features },
    {
      maxZoom: z,
      indexMaxZoom: 0,
      indexMaxPoints: 0,
      extent: EXTENT,
      buffer: BUFFER,
      tolerance: 3,
    },
  );
  return index.getTile(z, x, y);
}

/** Tile (z, x, y) of named layers of lng/lat features, as MVT bytes; empty layers are left out. */
export function encodeTile(
  layers: Record<string, GeoJSON.Feature[]>,
  z: number,
  x: number,
  y: number,
): Uint8Array {
  const tiles: Record<string, NonNullable<ReturnType<typeof cut>>> = {};
  for (const [name, features] of Object.entries(layers)) {
    const t = cut(features, z, x, y);
    if (t && t.features.length > 0) tiles[name] = t;
  }
  return fromGeojsonVt(tiles, { version: 2, extent: EXTENT });
}

/** Street zoom: the `fixed` layer starts here (the fabric tiles' locations start at 13 too). */
export const FIXED_LOCATION_MIN_ZOOM = 13;

/** The H3 resolution of the hexagons at zoom z: 7 for 6..10, 8 for 11..12, none elsewhere. */
export function hexResolution(z: number): 7 | 8 | null {
  if (z < 6 || z >= FIXED_LOCATION_MIN_ZOOM) return null;
  return z <= 10 ? 7 : 8;
}

/** Every resolution hexResolution answers, the county view's first. */
export const HEX_RESOLUTIONS = [7, 8] as const;
