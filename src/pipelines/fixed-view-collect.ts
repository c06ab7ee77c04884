// The uuids of the locations in a view, by collect3 (docs/REAL-API.md, "What the official
// client sends"): the view's box is posted; an answer that lists continuations is followed by
// posting each body it gave. The official client reads data only from answers without
// continuations; this reads both and keeps each uuid once, so a service that sends part of
// the data beside its continuations loses nothing.
import type { MultiPolygon, Polygon } from 'geojson';
import { ApiError } from '../api/api-error';
import { collect3 } from '../api/fabric';
import type { LngLatBox } from '../lib/geo/h3';

/** A service that keeps listing parts is refused past this many calls for one view. */
export const MAX_COLLECT_CALLS = 200;
/** Continuation bodies posted at once (each is a separate part of the area). */
const PARALLEL_PARTS = 3;

export interface CollectedView {
  /** The uuids found, each once, in the order the answers gave them. */
  uuids: string[];
  /** More than `limit` were found: the view is too full to load (later parts were not asked). */
  overLimit: boolean;
  /** collect3 calls made. */
  calls: number;
}

/** A box as the closed GeoJSON polygon collect3 takes (counter-clockwise). */
export function boxPolygon(box: LngLatBox): Polygon {
  const { west: w, south: s, east: e, north: n } = box;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  };
}

/**
 * The uuids of the fabric vintage's locations inside `area`. Stops asking once more than
 * `limit` are found (the view is then too full to load), so a dense view costs a few calls.
 */
export async function collectLocations(
  fabric: string,
  area: Polygon | MultiPolygon,
  limit: number,
  signal?: AbortSignal,
  /** Makes each call (a long list's wrapper waits out Retry-After); a plain call by default. */
  call: <T>(request: (signal?: AbortSignal) => Promise<T>) => Promise<T> = (request) =>
    request(signal),
): Promise<CollectedView> {
  const seen = new Set<string>();
  const uuids: string[] = [];
  let calls = 0;
  const queue: unknown[] = [area];
  const over = () => uuids.length > limit;

  const post = async (body: unknown) => {
    if (calls >= MAX_COLLECT_CALLS) {
      throw new ApiError({
        status: 200,
        code: 'bad_response',
        message: `The service kept answering collect3 in parts (more than ${MAX_COLLECT_CALLS} calls for one view).`,
        operation: 'collect3',
      });
    }
    calls += 1;
    const answer = await call((s) => collect3(fabric, 'locations', body, s));
    for (const uuid of answer.data) {
      if (seen.has(uuid)) continue;
      seen.add(uuid);
      uuids.push(uuid);
    }
    for (const c of answer.continuations) queue.push(c.body);
  };

  while (queue.length > 0 && !over()) {
    const batch = queue.splice(0, PARALLEL_PARTS);
    await Promise.all(batch.map(post));
  }
  return { uuids, overLimit: over(), calls };
}
