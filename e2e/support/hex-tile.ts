// The service's fixed broadband hexagon tiles as a browser test reads them: a /fixedhex tile
// fetched through the app server's /api (what the page gets) and decoded, by H3 cell.
import { VectorTile } from '@mapbox/vector-tile';
import { expect, type APIRequestContext } from '@playwright/test';
import { PbfReader } from 'pbf';

export type HexCounts = Record<string, number>;

/** The tile (x, y) at zoom z holding a point. */
export function tileAt(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [x, y];
}

/** The cells of one /fixedhex tile (default filters), each with its counts. */
export async function fixedHexCells(
  request: APIRequestContext,
  release: { coverage: string; fabric: string },
  tile: { z: number; x: number; y: number },
): Promise<Map<string, HexCounts>> {
  const path = `/api/coverage/${release.coverage}/fixedhex/${tile.z}/${tile.x}/${tile.y}.pbf?fabric=${release.fabric}`;
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const layer = new VectorTile(new PbfReader(new Uint8Array(await response.body()))).layers
    .fixed_hex;
  const out = new Map<string, HexCounts>();
  if (!layer) return out;
  for (let i = 0; i < layer.length; i++) {
    const p = layer.feature(i).properties;
    const counts: HexCounts = {};
    for (const [k, v] of Object.entries(p)) if (typeof v === 'number') counts[k] = v;
    out.set(String(p.h3), counts);
  }
  return out;
}
