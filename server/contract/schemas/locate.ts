// Schemas of locate, GET and POST (docs/SERVICE.md, "locate"): the seed's parameters plus the ones
// the real service's clients send (sourcekey, matchtype, tolerances, h3). The GET schema is
// also the locate hot path's (http/locate-fast-path.ts), so both paths accept exactly the same.
import { z } from '@hono/zod-openapi';
import { ALL_MATCH_TYPES, MATCH_TYPES, type LocateOptions } from './locate-match-types';
import { h3CellProblem } from './h3-cell';
import { numberQuery } from './common';

export const PARCEL_DISTANCE = { min: 0, max: 1000, def: 500 };
export const NEAR_DISTANCE = { min: 0, max: 100, def: 50 };
/** How far outside a parcel or footprint a point may fall and still count as inside it. */
export const TOLERANCE = { min: 0, max: 100, def: 0 };
export const MAX_SOURCEKEY = 255;
export const MAX_LOCATE_POINTS = 1000;
/** The real service's rule for one POST: the points' bounding box covers at most this. */
export const MAX_LOCATE_EXTENT_KM2 = 10_000;

const TYPE_LIST = MATCH_TYPES.join(', ');
const TYPE_BITS = new Map(MATCH_TYPES.map((t, i) => [t.toLowerCase(), 1 << i]));

/** "Parcel,FootprintParcel" → a bit mask over MATCH_TYPES (names in any case, spaces ignored). */
const matchtypeQuery = z
  .string()
  .transform((list, ctx) => {
    let mask = 0;
    for (const raw of list.split(',')) {
      const name = raw.trim();
      if (name === '') continue;
      const bit = TYPE_BITS.get(name.toLowerCase());
      if (bit === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a comma list of ${TYPE_LIST} ("${name.slice(0, 40)}" is not one of them)`,
        });
        return z.NEVER;
      }
      mask |= bit;
    }
    if (mask === 0) {
      ctx.addIssue({ code: 'custom', message: `must name at least one of ${TYPE_LIST}` });
      return z.NEVER;
    }
    return mask;
  })
  .openapi({
    type: 'string',
    description: `Comma list of the match types that may answer (${TYPE_LIST}); all by default`,
    example: 'FootprintParcel,Parcel',
  });

const sourcekeyQuery = z
  .string()
  .max(MAX_SOURCEKEY, { error: `must be at most ${MAX_SOURCEKEY} characters` })
  .openapi({
    description: "The caller's key for the point, echoed in the answer",
    example: 'A-17',
  });

const h3Query = z
  .string()
  .regex(/^[0-9a-fA-F]{15,16}$/, { error: 'must be an H3 cell id (15 or 16 hex digits)' })
  .openapi({
    description: 'The H3 cell (any resolution) the caller grouped the point by; it must hold it',
    example: '842664dffffffff',
  });

const optionShape = {
  parceldistancem: numberQuery(PARCEL_DISTANCE).optional(),
  neardistancem: numberQuery(NEAR_DISTANCE).optional(),
  parceltolerancem: numberQuery(TOLERANCE).optional(),
  footprinttolerancem: numberQuery(TOLERANCE).optional(),
  matchtype: matchtypeQuery.optional(),
};

/** The query of POST locate: the options that apply to every point of the body. */
export const LocateOptionsQuery = z.object(optionShape);

export const LocateQuery = z
  .object({
    latitude: numberQuery({ min: -90, max: 90, example: 39.78 }),
    longitude: numberQuery({ min: -180, max: 180, example: -89.65 }),
    sourcekey: sourcekeyQuery.optional(),
    h3: h3Query.optional(),
    ...optionShape,
  })
  .superRefine((q, ctx) => {
    const problem = q.h3 === undefined ? null : h3CellProblem(q.h3, q.latitude, q.longitude);
    if (problem) ctx.addIssue({ code: 'custom', path: ['h3'], message: problem });
  });

/** Parsed options with the defaults applied (GET, POST and the hot path share it). */
export function locateOptions(q: z.output<typeof LocateOptionsQuery>): LocateOptions {
  return {
    parceldistancem: q.parceldistancem ?? PARCEL_DISTANCE.def,
    neardistancem: q.neardistancem ?? NEAR_DISTANCE.def,
    parceltolerancem: q.parceltolerancem ?? TOLERANCE.def,
    footprinttolerancem: q.footprinttolerancem ?? TOLERANCE.def,
    matchtypes: q.matchtype ?? ALL_MATCH_TYPES,
  };
}

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** A coordinate in a JSON body: a number, or numeric text (clients often send CSV cells). */
export function coordinate(name: string, min: number, max: number) {
  return z
    .union([z.number(), z.string().regex(NUMBER).transform(Number)], {
      error: (iss) => (iss.input === undefined ? 'is required' : 'must be a number'),
    })
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    )
    .openapi({ type: 'number', minimum: min, maximum: max, description: name });
}

/** A sourcekey in a JSON body: text or a number, echoed as sent. */
export const sourcekeyBody = z
  .union([z.string(), z.number()], { error: 'must be a string or a number' })
  .refine((k) => typeof k !== 'string' || k.length <= MAX_SOURCEKEY, {
    error: `must be at most ${MAX_SOURCEKEY} characters`,
  })
  .nullable()
  .optional();

const LocatePointBody = z
  .object({
    sourcekey: sourcekeyBody,
    latitude: coordinate('latitude', -90, 90),
    longitude: coordinate('longitude', -180, 180),
    h3: z
      .string({ error: 'must be a string' })
      .regex(/^[0-9a-fA-F]{15,16}$/, { error: 'must be an H3 cell id (15 or 16 hex digits)' })
      .nullable()
      .optional(),
  })
  .superRefine((p, ctx) => {
    const problem = p.h3 == null ? null : h3CellProblem(p.h3, p.latitude, p.longitude);
    if (problem) ctx.addIssue({ code: 'custom', path: ['h3'], message: problem });
  });

export const LocateBulkBody = z
  .array(LocatePointBody, { error: 'must be an array of {sourcekey, latitude, longitude, h3?}' })
  .max(MAX_LOCATE_POINTS, { error: `must hold at most ${MAX_LOCATE_POINTS} points` })
  .openapi('LocateBulkRequest', {
    description: `Up to ${MAX_LOCATE_POINTS} points within ${MAX_LOCATE_EXTENT_KM2} km²; other keys are ignored`,
  });

export const LocateRecordSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    location_id: z.number().int(),
    distancem: z.number().nonnegative(),
    matchtype: z.enum(MATCH_TYPES),
    sourcekey: z.union([z.string(), z.number()]).nullable(),
  })
  .openapi('LocateRecord');
export type LocateRecord = z.output<typeof LocateRecordSchema>;
