// The retired location a location replaced, read from the compare tile at its point (the
// tile's `replaces` property). The service has no reverse of history (which retired id names
// this one as its re_location_id); the compare tile, which joins both releases, knows it when
// the retired location lies in the same street tile.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { ApiError, NETWORK_MESSAGE } from './api-error';
import { fixedChangeTileUrl } from './coverage';
import { errorFromResponse } from './http';

/** The compare tile's finest zoom (the source's maxzoom): the fewest locations per tile. */
const ZOOM = 16;
const OPERATION = 'fixedchange';

export interface ChangeTilePoint {
  coverage: string;
  fabric: string;
  withCoverage: string;
  withFabric: string;
  lng: number;
  lat: number;
}

function tileOf(lng: number, lat: number): { x: number; y: number } {
  const n = 2 ** ZOOM;
  const r = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  };
}

/** The id `locationId` replaced, or null when the tile names none. */
export async function getTileReplaces(
  at: ChangeTilePoint,
  locationId: number,
  signal?: AbortSignal,
): Promise<number | null> {
  const { x, y } = tileOf(at.lng, at.lat);
  const url = fixedChangeTileUrl(at.coverage, at.fabric, at.withCoverage, at.withFabric)
    .replace('{z}', String(ZOOM))
    .replace('{x}', String(x))
    .replace('{y}', String(y));
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'network',
      message: NETWORK_MESSAGE,
      operation: OPERATION,
    });
  }
  if (!response.ok) throw errorFromResponse(response, await response.text(), OPERATION);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const layer = new VectorTile(new PbfReader(bytes)).layers.fixed_change;
  if (!layer) return null;
  for (let i = 0; i < layer.length; i++) {
    const p = layer.feature(i).properties;
    if (Number(p.location_id) !== locationId) continue;
    const old = Number(p.replaces);
    return old > 0 ? old : null;
  }
  return null;
}
