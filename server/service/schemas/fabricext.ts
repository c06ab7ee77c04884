// Schemas of the extension operations (SERVICE.md "Extension operations").
import { z } from '@hono/zod-openapi';
import { integerQuery, listQuery, locationIdQuery, numberQuery } from './common';

export const MatchQuery = z.object({
  text: z.string().max(500).optional().openapi({ example: '1201 Oak St, Springfield, IL 62704' }),
  house_number: z.string().max(20).optional(),
  road: z.string().max(200).optional(),
  unit: z.string().max(40).optional(),
  city: z.string().max(100).optional(),
  state: z.string().max(40).optional(),
  postcode: z.string().max(10).optional(),
  maxresults: integerQuery({ min: 1, max: 10, example: 5 }).optional(),
});

const MatchPartsSchema = z.object({
  house_number: z.string().optional(),
  road: z.string().optional(),
  unit: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postcode: z.string().optional(),
});

export const MatchResponseSchema = z
  .object({
    text: z.string(),
    parsed: MatchPartsSchema,
    matchcount: z.number().int(),
    locations: z.array(
      z.object({
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
      }),
    ),
  })
  .openapi('MatchResponse');

export const HistoryQuery = z.object({ location_id: locationIdQuery() });

export const HistoryRecordSchema = z
  .object({
    location_id: z.number().int(),
    firstsvcversion: z.number().int(),
    lastsvcversion: z.number().int(),
    re_location_id: z.number().int().nullable(),
  })
  .openapi('HistoryRecord');

export const PARCEL_DISTANCE = { min: 0, max: 1000, def: 500 };
export const NEAR_DISTANCE = { min: 0, max: 100, def: 50 };

export const LocateQuery = z.object({
  latitude: numberQuery({ min: -90, max: 90, example: 39.78 }),
  longitude: numberQuery({ min: -180, max: 180, example: -89.65 }),
  parceldistancem: numberQuery(PARCEL_DISTANCE).optional(),
  neardistancem: numberQuery(NEAR_DISTANCE).optional(),
});

export const LocateRecordSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    location_id: z.number().int(),
    distancem: z.number().nonnegative(),
    matchtype: z.enum(['FootprintParcel', 'Footprint', 'Parcel', 'Nearest']),
    sourcekey: z.null(),
  })
  .openapi('LocateRecord');

export const ID_KINDS = ['location_id', 'uuid'] as const;
const idKind = z.enum(ID_KINDS, { error: `must be one of ${ID_KINDS.join(', ')}` });

export const TranslateQuery = z.object({
  src: idKind.openapi({ example: 'location_id' }),
  dest: idKind.openapi({ example: 'uuid' }),
  id: z.string().trim().min(1, { error: 'is required' }).max(64).openapi({ example: '1000000001' }),
});

export const TranslateRecordSchema = z
  .object({ uuid: z.string(), location_id: z.number().int() })
  .openapi('TranslateRecord');

export const SummarizeQuery = z.object({
  field: listQuery({ max: 20, example: 'building_type_code,unit_count' }),
  nocat: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
    .optional()
    .openapi({ example: '1' }),
});

export const SummarizeResponseSchema = z
  .object({
    data: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
    maxcount: z.number().int(),
    locationcount: z.number().int(),
  })
  .openapi('SummarizeResponse');
