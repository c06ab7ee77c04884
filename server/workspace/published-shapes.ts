// The published shapes the sync reads (docs/REAL-API.md), checked with zod before anything is
// kept: a missing field, a wrong type or a cut-off body stops the sync naming the operation.
import { z } from 'zod';
import { FixedRecordSchema } from '../contract/schemas/coverage';

const vintage = z.string().regex(/^\d{6}$/);

export const ApiRowsSchema = z.array(
  z.object({
    api: z.string(),
    operation: z.string(),
    method: z.string(),
    credits: z.number().nonnegative(),
    maxrequest: z.number().int().positive(),
  }),
);
export type ApiRow = z.output<typeof ApiRowsSchema>[number];

/** The published `cqaversion` (text) or the seed's `svcversion` (number), either one. */
export const FabricVintagesSchema = z.array(
  z
    .object({
      vintage,
      cqaversion: z.string().regex(/^\d+$/).optional(),
      svcversion: z.number().int().optional(),
      fccrelease: z.string(),
      fccversion: z.string(),
      ntiaversion: z.string().nullable().optional(),
      vintagename: z.string(),
    })
    .refine((v) => v.cqaversion !== undefined || v.svcversion !== undefined, {
      error: 'a vintage needs cqaversion or svcversion',
    }),
);

export const CoverageVintagesSchema = z.array(vintage);

const position = z.array(z.number()).min(2);
export const BoundarySchema = z.object({
  type: z.literal('Feature'),
  properties: z.object({ name: z.string().optional() }).loose(),
  geometry: z.discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(position))) }),
  ]),
});

export const Collect3Schema = z.object({
  data: z.array(z.string()),
  continuations: z.array(z.object({ body: z.unknown() })),
});

/** Every location field the views need, by name: what a bulk record must hold for each. */
const LOCATION_FIELD_SCHEMAS = {
  location_id: z.number().int().positive(),
  address_primary: z.string(),
  city: z.string(),
  zip: z.string().regex(/^\d{5}$/),
  zip_suffix: z.string().regex(/^\d{0,4}$/),
  unit_count: z.number().int().nonnegative(),
  bsl_flag: z.union([z.literal(0), z.literal(1)]),
  building_type_code: z.string(),
  land_use_code: z.string(),
  block_geoid: z.string().regex(/^\d{15}$/),
  state: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
};
export type LocationField = keyof typeof LOCATION_FIELD_SCHEMAS;

/** The fields in bulk calls of at most five (the official client's limit per call). */
export const FIELD_GROUPS: readonly (readonly LocationField[])[] = [
  ['location_id', 'address_primary', 'city', 'zip', 'zip_suffix'],
  ['unit_count', 'bsl_flag', 'building_type_code', 'land_use_code', 'block_geoid'],
  ['state', 'latitude', 'longitude'],
];

export function bulkSchema(fields: readonly LocationField[]) {
  const shape: Record<string, z.ZodType> = { uuid: z.string() };
  for (const f of fields) shape[f] = LOCATION_FIELD_SCHEMAS[f];
  return z.array(z.object(shape));
}

/** A whole location record once its field groups are joined on uuid. */
export const LocationRecordSchema = z.object({ uuid: z.string(), ...LOCATION_FIELD_SCHEMAS });
export type SyncedLocation = z.output<typeof LocationRecordSchema>;

export const FixedRecordsSchema = z.array(FixedRecordSchema);
export type SyncedFixedRecord = z.output<typeof FixedRecordSchema>;

/** History in either dialect: only the retirement equivalent is kept. */
/**
 * A history answer, kept whole (the check of the workspace's own, verify-history.ts, compares
 * every field): each record names its first and last versions in one dialect or both.
 */
export const HistorySchema = z.array(
  z
    .object({ location_id: z.number().int(), re_location_id: z.number().int().nullable() })
    .catchall(z.unknown())
    .refine(
      (r) =>
        ['cqa', 'svc'].some(
          (d) => Number.isInteger(r[`first${d}version`]) && Number.isInteger(r[`last${d}version`]),
        ),
      { error: 'a history record names its first and last versions' },
    ),
);
export type UpstreamHistory = z.output<typeof HistorySchema>;
