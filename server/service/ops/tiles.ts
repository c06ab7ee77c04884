// Vector tiles of the fabric (placeholder until the tile builder lands).
import type { FabricIndex } from '../store/fabric-index';

export interface TileSource {
  tile(vi: number, z: number, x: number, y: number): Uint8Array;
}

export function createTileSource(_ix: FabricIndex): TileSource {
  return { tile: () => new Uint8Array(0) };
}
