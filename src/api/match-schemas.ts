// Address match answers (docs/SERVICE.md, "match"; docs/REAL-API.md, "Published answers", for the
// fields a known client reads: matchtype, alternates, ruleversion, matchcount, sourcekey).
import {
  intLike,
  numberLike,
  sourceKeySchema,
  textLike,
  textOrEmpty,
} from '../../shared/schema-primitives';
import * as z from '../../shared/zod';

export const matchPartsSchema = z.object({
  house_number: z.optional(textLike),
  road: z.optional(z.string()),
  unit: z.optional(textLike),
  city: z.optional(z.string()),
  state: z.optional(z.string()),
  postcode: z.optional(textLike),
});
export type MatchParts = z.output<typeof matchPartsSchema>;

export const matchLocationSchema = z.object({
  matchrank: intLike,
  location_id: intLike,
  uuid: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: textLike,
  zip_suffix: textOrEmpty,
  latitude: numberLike,
  longitude: numberLike,
  similarity: numberLike,
});
export type MatchLocation = z.output<typeof matchLocationSchema>;

// How the service read the address; a part it did not find may be absent or null.
const parsedPart = z.nullish(textLike);
const parsedAddressSchema = z.object({
  house_number: parsedPart,
  road: parsedPart,
  unit: parsedPart,
  city: parsedPart,
  state: parsedPart,
  postcode: parsedPart,
});

export const matchResponseSchema = z.pipe(
  z.object({
    text: z.string(),
    parsed: z.pipe(
      z.nullish(parsedAddressSchema),
      z.transform((p) => p ?? {}),
    ),
    // Published answers may leave it out; it is then the number of locations sent.
    matchcount: z.nullish(intLike),
    // "F" is a full match; the partial codes are not published, so any code is kept as sent.
    matchtype: z.pipe(
      z.nullish(z.string()),
      z.transform((t) => t ?? null),
    ),
    // Other candidates the service weighed: null or a list whose items are not published.
    alternates: z.pipe(
      z.nullish(z.array(z.unknown())),
      z.transform((a) => a ?? null),
    ),
    ruleversion: z.pipe(
      z.nullish(textLike),
      z.transform((v) => v ?? null),
    ),
    sourcekey: sourceKeySchema,
    locations: z.array(matchLocationSchema),
  }),
  z.transform(({ matchcount, ...rest }) => ({
    ...rest,
    matchcount: matchcount ?? rest.locations.length,
  })),
);
export type MatchResponse = z.output<typeof matchResponseSchema>;
