// Mapbox Vector Tiles of the fabric for one vintage: layers roads (name, class), parcels,
// footprints, locations (location_id, building_type_code, unit_count) and towns (name, zip: a
// label point per city, derived from the vintage's locations).
// Each tile is cut by geojson-vt from just the features its area holds (picked from the
// static indexes) and encoded by vt-pbf; finished tiles are kept in a bounded LRU.
import Flatbush from 'flatbush';
import geojsonvt from 'geojson-vt';
import { fromGeojsonVt } from 'vt-pbf';
import type { FabricIndex } from '../store/memory/fabric-index';
import { ByteLru } from './lru';
import { packedBBox } from './ring-test';
import {
  type BBox,
  footprintFeatures,
  locationFeatures,
  parcelFeatures,
  roadFeatures,
  townFeatures,
} from './tile-features';

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

export interface TileSource {
  tile(vi: number, z: number, x: number, y: number): Uint8Array;
  readonly cacheSize: number;
}

/** The lng/lat box of tile (z, x, y), grown by the tile buffer. */
export function tileBBox(z: number, x: number, y: number): BBox {
  const n = 2 ** z;
  const pad = BUFFER / EXTENT;
  const lng = (tx: number) => (tx / n) * 360 - 180;
  const lat = (ty: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI;
  return [lng(x - pad), lat(y + 1 + pad), lng(x + 1 + pad), lat(y - pad)];
}

function roadTree(ix: FabricIndex): Flatbush | null {
  const g = ix.fabric.roads.geometry;
  if (g.count === 0) return null;
  const tree = new Flatbush(g.count);
  for (let r = 0; r < g.count; r++) tree.add(...packedBBox(g, r));
  tree.finish();
  return tree;
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

export function createTileSource(
  ix: FabricIndex,
  cache = new ByteLru(4096, 64 * 1024 * 1024),
): TileSource {
  let roads: Flatbush | null | undefined; // built on the first tile that asks for roads

  function build(vi: number, z: number, x: number, y: number): Uint8Array {
    const box = tileBBox(z, x, y);
    const layers: Record<string, GeoJSON.Feature[]> = {
      towns: z >= TILE_MIN_ZOOM.towns ? townFeatures(ix, vi) : [],
      roads: z >= TILE_MIN_ZOOM.roads ? roadFeatures(ix, (roads ??= roadTree(ix)), box) : [],
      parcels: z >= TILE_MIN_ZOOM.parcels ? parcelFeatures(ix, vi, box) : [],
      footprints: z >= TILE_MIN_ZOOM.footprints ? footprintFeatures(ix, vi, box) : [],
      locations: z >= TILE_MIN_ZOOM.locations ? locationFeatures(ix, vi, box) : [],
    };
    return encodeTile(layers, z, x, y);
  }

  return {
    tile(vi, z, x, y) {
      const key = `${vi}/${z}/${x}/${y}`;
      let bytes = cache.get(key);
      if (!bytes) {
        bytes = build(vi, z, x, y);
        cache.set(key, bytes);
      }
      return bytes;
    },
    get cacheSize() {
      return cache.size;
    },
  };
}
