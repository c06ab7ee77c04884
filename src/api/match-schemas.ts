// Address match answers (docs/SERVICE.md, "match"; docs/REAL-API.md, "Published answers", for the
// fields a known client reads: matchtype, alternates, ruleversion, matchcount, sourcekey).
import { z } from 'zod';
import {
  intLike,
  numberLike,
  sourceKeySchema,
  textLike,
  textOrEmpty,
} from '../../shared/schema-primitives';

export const matchPartsSchema = z.object({
  house_number: textLike.optional(),
  road: z.string().optional(),
  unit: textLike.optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postcode: textLike.optional(),
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
const parsedPart = textLike.nullish();
const parsedAddressSchema = z.object({
  house_number: parsedPart,
  road: parsedPart,
  unit: parsedPart,
  city: parsedPart,
  state: parsedPart,
  postcode: parsedPart,
});

export const matchResponseSchema = z
  .object({
    text: z.string(),
    parsed: parsedAddressSchema.nullish().transform((p) => p ?? {}),
    // Published answers may leave it out; it is then the number of locations sent.
    matchcount: intLike.nullish(),
    // "F" is a full match; the partial codes are not published, so any code is kept as sent.
    matchtype: z
      .string()
      .nullish()
      .transform((t) => t ?? null),
    // Other candidates the service weighed: null or a list whose items are not published.
    alternates: z
      .array(z.unknown())
      .nullish()
      .transform((a) => a ?? null),
    ruleversion: textLike.nullish().transform((v) => v ?? null),
    sourcekey: sourceKeySchema,
    locations: z.array(matchLocationSchema),
  })
  .transform(({ matchcount, ...rest }) => ({
    ...rest,
    matchcount: matchcount ?? rest.locations.length,
  }));
export type MatchResponse = z.output<typeof matchResponseSchema>;
