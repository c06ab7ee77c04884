// places: the reference service's search of towns, ZIP codes, streets, counties and states by name (docs/SERVICE.md,
// "places"). A real service does not offer it: the app asks only a backend whose capabilities
// list it (src/queries/use-capabilities.ts).
import { intLike, numberLike, textLike } from '../../shared/schema-primitives';
import * as z from '../../shared/zod';
import { request } from './http';

/** A town's or ZIP code's extent as an area; absent from a service older than the field. */
const outlineSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(z.tuple([numberLike, numberLike]))),
});

const placeSchema = z.object({
  kind: z.enum(['town', 'zip', 'street', 'county', 'state']),
  name: z.string(),
  city: z.nullable(z.string()),
  state: z.string(),
  zips: z.array(textLike),
  locationcount: intLike,
  bbox: z.tuple([numberLike, numberLike, numberLike, numberLike]),
  outline: z.pipe(
    z.nullish(outlineSchema),
    z.transform((o) => o ?? null),
  ),
  score: numberLike,
  /** A county's or state's GEOID (those kinds only). */
  geoid: z.pipe(
    z.nullish(textLike),
    z.transform((g) => g ?? null),
  ),
});
export type Place = z.output<typeof placeSchema>;

const placeAddressSchema = z.object({
  location_id: intLike,
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: textLike,
  latitude: numberLike,
  longitude: numberLike,
});

const placesResponseSchema = z.object({
  q: z.string(),
  places: z.array(placeSchema),
  addresses: z.array(placeAddressSchema),
  addresscount: intLike,
});
export type PlacesResponse = z.output<typeof placesResponseSchema>;

export function findPlaces(
  vintage: string,
  q: string,
  maxresults: number,
  signal?: AbortSignal,
): Promise<PlacesResponse> {
  return request({
    operation: 'places',
    path: `/fabricext/${encodeURIComponent(vintage)}/places`,
    query: { q, maxresults },
    signal,
    schema: placesResponseSchema,
  });
}
