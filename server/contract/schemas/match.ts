// Schemas of match, GET and POST (docs/SERVICE.md, "match"): an address as one line of text or as
// parts, with the caller's sourcekey echoed, and the published answer fields (matchtype,
// alternates, ruleversion) beside the seed's.
import { z } from '@hono/zod-openapi';
import { integerQuery } from './common';
import { MAX_SOURCEKEY, sourcekeyBody } from './locate';

export const MAX_MATCH_ITEMS = 1000;
export const PART_KEYS = ['house_number', 'road', 'unit', 'city', 'state', 'postcode'] as const;
const PART_MAX = { house_number: 20, road: 200, unit: 40, city: 100, state: 40, postcode: 10 };
const TEXT_MAX = 500;

const maxresults = integerQuery({ min: 1, max: 10, example: 5 }).optional();

export const MatchQuery = z.object({
  text: z
    .string()
    .max(TEXT_MAX)
    .optional()
    .openapi({ example: '1201 Oak St, Springfield, IL 62704' }),
  house_number: z.string().max(PART_MAX.house_number).optional(),
  road: z.string().max(PART_MAX.road).optional(),
  unit: z.string().max(PART_MAX.unit).optional(),
  city: z.string().max(PART_MAX.city).optional(),
  state: z.string().max(PART_MAX.state).optional(),
  postcode: z.string().max(PART_MAX.postcode).optional(),
  sourcekey: z
    .string()
    .max(MAX_SOURCEKEY, { error: `must be at most ${MAX_SOURCEKEY} characters` })
    .optional()
    .openapi({ description: "The caller's key for the address, echoed in the answer" }),
  maxresults,
});

/** The query of POST match: maxresults applies to every address of the body. */
export const MatchBulkQuery = z.object({ maxresults });

/**
 * An address part in a JSON body: text, or a number (spreadsheets turn house numbers and ZIPs
 * into numbers, and a ZIP such as 02134 into 2134: numbers are padded to `digits`).
 */
function partBody(max: number, digits = 0) {
  return z
    .union([z.string(), z.number().int().nonnegative()], {
      error: 'must be a string or a whole number',
    })
    .transform((v) => (typeof v === 'number' ? String(v).padStart(digits, '0') : v))
    .pipe(z.string().max(max, { error: `must be at most ${max} characters` }))
    .nullable()
    .optional();
}

const MatchItemBody = z.object({
  sourcekey: sourcekeyBody,
  text: z
    .string({ error: 'must be a string' })
    .max(TEXT_MAX, { error: `must be at most ${TEXT_MAX} characters` })
    .nullable()
    .optional(),
  house_number: partBody(PART_MAX.house_number),
  road: partBody(PART_MAX.road),
  unit: partBody(PART_MAX.unit),
  city: partBody(PART_MAX.city),
  state: partBody(PART_MAX.state),
  postcode: partBody(PART_MAX.postcode, 5),
});

export const MatchBulkBody = z
  .array(MatchItemBody, { error: 'must be an array of {sourcekey, text} or {sourcekey, <parts>}' })
  .max(MAX_MATCH_ITEMS, { error: `must hold at most ${MAX_MATCH_ITEMS} addresses` })
  .openapi('MatchBulkRequest', {
    description: `Up to ${MAX_MATCH_ITEMS} addresses, each as text or as parts; other keys are ignored`,
  });

/** The address parts as the matcher read them (`parsed`), or as a caller sent them. */
const MatchPartsSchema = z.object({
  house_number: z.string().optional(),
  road: z.string().optional(),
  unit: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postcode: z.string().optional(),
});

export type MatchParts = z.output<typeof MatchPartsSchema>;

/** F: every part the address gives agrees with the location; P: above the floor, not full. */
const matchCode = z.enum(['F', 'P']);
export type MatchCode = z.output<typeof matchCode>;

const MatchLocationSchema = z.object({
  matchrank: z.number().int(),
  location_id: z.number().int(),
  uuid: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  zip_suffix: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  similarity: z.number(),
});
export type MatchLocation = z.output<typeof MatchLocationSchema>;

/** A lower-ranked candidate, listed beside `locations` so a client sees how close it came. */
const MatchAlternateSchema = z.object({
  matchrank: z.number().int(),
  location_id: z.number().int(),
  uuid: z.string(),
  address: z.string(),
  similarity: z.number(),
  matchtype: matchCode,
});

export const MatchResponseSchema = z
  .object({
    text: z.string(),
    parsed: MatchPartsSchema,
    matchcount: z.number().int(),
    locations: z.array(MatchLocationSchema),
    matchtype: matchCode
      .nullable()
      .openapi({ description: 'F full, P partial (of the best location); null: no match' }),
    alternates: z
      .array(MatchAlternateSchema)
      .nullable()
      .openapi({ description: 'The lower-ranked locations in brief; null with fewer than two' }),
    ruleversion: z.string(),
    sourcekey: z.union([z.string(), z.number()]).nullable(),
  })
  .openapi('MatchResponse');
export type MatchResponse = z.output<typeof MatchResponseSchema>;
