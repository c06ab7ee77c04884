// Mapbox Vector Tiles of the fabric for one vintage: layers roads (name, class), parcels,
// footprints, locations (location_id, building_type_code, unit_count) and towns (name, zip: a
// label point per city, derived from the vintage's locations).
// Each tile is cut by geojson-vt from just the features its area holds (picked from the
// static indexes) and encoded by vt-pbf; finished tiles are kept in a bounded LRU.
import Flatbush from 'flatbush';
import type { FabricIndex } from '../fabric-index';
import { ByteLru } from '../../rules/lru';
import { packedBBox } from '../../rules/ring-test';
import {
  footprintFeatures,
  locationFeatures,
  parcelFeatures,
  roadFeatures,
  townFeatures,
} from './tile-features';
import { encodeTile, TILE_MIN_ZOOM, tileBBox } from '../../rules/tile-grid';

export interface TileSource {
  tile(vi: number, z: number, x: number, y: number): Uint8Array;
  readonly cacheSize: number;
}

function roadTree(ix: FabricIndex): Flatbush | null {
  const g = ix.fabric.roads.geometry;
  if (g.count === 0) return null;
  const tree = new Flatbush(g.count);
  for (let r = 0; r < g.count; r++) tree.add(...packedBBox(g, r));
  tree.finish();
  return tree;
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
        bytes = cache.set(key, bytes);
      }
      return bytes;
    },
    get cacheSize() {
      return cache.size;
    },
  };
}
