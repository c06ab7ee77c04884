// The app server's Census boundaries (docs/SERVICE.md, "The app server's boundaries"): the map
// draws them from tiles; an area made of a county or state takes its whole outline from here,
// one request per boundary, since a tile holds only the piece of it the tile covers.
import { numberLike } from '../../shared/schema-primitives';
import * as z from '../../shared/zod';
import { request } from './http';

export type BoundaryKind = 'county' | 'state';

const ring = z.array(z.tuple([numberLike, numberLike]));
const outlineSchema = z.object({
  properties: z.object({ GEOID: z.string(), name: z.string() }),
  geometry: z.discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: z.array(ring) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring)) }),
  ]),
});
export type BoundaryOutline = z.output<typeof outlineSchema>;

/** Beside /api, under the page's base: the same whatever the backend. */
const boundariesBase = () => new URL('boundaries', document.baseURI).pathname;

export function fetchBoundaryOutline(
  kind: BoundaryKind,
  geoid: string,
  signal?: AbortSignal,
): Promise<BoundaryOutline> {
  return request({
    operation: 'boundary outline',
    base: boundariesBase(),
    path: `/${kind === 'county' ? 'counties' : 'states'}/${geoid}.json`,
    signal,
    schema: outlineSchema,
  });
}
