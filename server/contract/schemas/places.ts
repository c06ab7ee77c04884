// Schemas of places (docs/SERVICE.md, "places"): a name without a house number → the towns, ZIP
// codes and streets it names, with their extent, and a street's addresses.
import { z } from '@hono/zod-openapi';
import { integerQuery } from './common';

export const PLACES_Q_MIN = 2;
export const PLACES_Q_MAX = 100;

export const PlacesQuery = z.object({
  q: z
    .string()
    .trim()
    .min(PLACES_Q_MIN, { error: `must be at least ${PLACES_Q_MIN} characters` })
    .max(PLACES_Q_MAX, { error: `must be at most ${PLACES_Q_MAX} characters` })
    .openapi({
      description: 'A town, ZIP code, street, county or state, without a house number',
      example: 'Oak St',
    }),
  maxresults: integerQuery({ min: 1, max: 10, example: 10 })
    .optional()
    .openapi({ description: 'Most places, and most addresses, answered (default 10)' }),
});

const Bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]).openapi({
  description:
    "[west, south, east, north] of the locations in the place; of a county's or state's boundary",
});

const Outline = z
  .object({
    type: z.literal('Polygon'),
    coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
  })
  .nullable()
  .openapi({
    description:
      "A town's or ZIP code's extent as an area: the convex hull of its locations widened by 0.0005° (null for a street)",
  });

export const PlaceRecordSchema = z
  .object({
    kind: z.enum(['town', 'zip', 'street', 'county', 'state']),
    name: z.string().openapi({ example: 'OAK ST' }),
    city: z.string().nullable().openapi({ description: 'The town of a ZIP code or street' }),
    state: z.string(),
    zips: z.array(z.string()),
    locationcount: z.number().int().openapi({
      description:
        "A town's or ZIP code's: the vintage's locations inside its outline, as an area's report counts them; otherwise the place's own locations",
    }),
    bbox: Bbox,
    outline: Outline,
    score: z.number().openapi({ description: '1 for the name as given; at least 0.8' }),
    geoid: z.string().optional().openapi({
      description: "A county's 5-digit or a state's 2-digit GEOID (only those kinds)",
    }),
  })
  .openapi('Place');
export type PlaceRecord = z.output<typeof PlaceRecordSchema>;
export type PlaceOutline = NonNullable<PlaceRecord['outline']>;

export const PlaceAddressSchema = z
  .object({
    location_id: z.number().int(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  })
  .openapi('PlaceAddress');
export type PlaceAddress = z.output<typeof PlaceAddressSchema>;

export const PlacesResponseSchema = z
  .object({
    q: z.string(),
    places: z.array(PlaceRecordSchema),
    addresses: z.array(PlaceAddressSchema).openapi({
      description:
        'When one street is the best answer (none as good): its addresses, one per house',
    }),
    addresscount: z.number().int().openapi({ description: 'Addresses on that street in all' }),
  })
  .openapi('PlacesResponse');
export type PlacesResponse = z.output<typeof PlacesResponseSchema>;
