// vt-pbf ships without types; this declares the one function the tile builder uses.
declare module 'vt-pbf' {
  import type { Tile } from 'geojson-vt';
  export function fromGeojsonVt(
    layers: Record<string, Tile>,
    options?: { version?: number; extent?: number },
  ): Uint8Array;
}
