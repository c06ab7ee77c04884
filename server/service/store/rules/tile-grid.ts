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

/** Below this zoom the hexagon tiles are empty (a state fills the screen from about zoom 5.5). */
export const HEX_MIN_ZOOM = 5;

export type HexResolution = 5 | 6 | 7 | 8;

/**
 * The H3 resolution of the hexagons at zoom z: 5 for 5..6, 6 for 7..8, 7 for 9..10, 8 for
 * 11..12, none elsewhere. Chosen by a cell's width on screen (512-px tiles, at the latitude of
 * Illinois): each resolution is √7 ≈ 2.65 times narrower than the one before, about 1.4 zooms,
 * so two zooms per resolution keep a cell between about 10 and 40 px at its tile zoom (res 5
 * is 9 px at zoom 5 and 18 px at 6, res 6 14 and 28 px at 7 and 8, res 7 21 and 42 px at 9 and
 * 10; res 8 31 and 63 px at 11 and 12), twice that just before the next zoom.
 */
export function hexResolution(z: number): HexResolution | null {
  if (z < HEX_MIN_ZOOM || z >= FIXED_LOCATION_MIN_ZOOM) return null;
  if (z <= 6) return 5;
  if (z <= 8) return 6;
  return z <= 10 ? 7 : 8;
}

/**
 * The resolution the coarser ones are counted from. A location belongs to latLngToCell of its
 * point at res 7 and 8 (the cell a summarize of the cell's polygon finds it in); at res 5 and 6
 * it belongs to cellToParent of its res-7 cell, so a coarse cell's counts are exactly the sums
 * of its res-7 children's (H3 children do not cover their parent exactly: near its edges a
 * point's own res-5 cell may be a neighbour of its res-7 cell's parent).
 */
export const HEX_BASE_RESOLUTION = 7;

/** The resolutions counted from the base resolution's cells, finest first. */
export const COARSE_HEX_RESOLUTIONS = [6, 5] as const;

/** The resolutions whose cells the locations are grouped into, each by its own point. */
export const GROUPED_HEX_RESOLUTIONS = [HEX_BASE_RESOLUTION, 8] as const;

/** Every resolution hexResolution answers, the county view's first. */
export const HEX_RESOLUTIONS = [...GROUPED_HEX_RESOLUTIONS, ...COARSE_HEX_RESOLUTIONS] as const;

/** A coarse resolution (counted from the base resolution's cells). */
export function isCoarseHexResolution(res: number): res is (typeof COARSE_HEX_RESOLUTIONS)[number] {
  return (COARSE_HEX_RESOLUTIONS as readonly number[]).includes(res);
}
