// Schemas of the base fabric operations (SERVICE.md "Base fabric service").
import { z } from '@hono/zod-openapi';
import { listQuery, locationIdQuery } from './common';

export const MAX_BULK_IDS = 1000;
export const MAX_BULK_FIELDS = 10;

export const FabricVintageSchema = z
  .object({
    vintage: z.string().openapi({ example: '202406' }),
    svcversion: z.number().int(),
    fccversion: z.string(),
    fccrelease: z.string().openapi({ example: '06302024' }),
    vintagename: z.string().openapi({ example: 'june2024' }),
  })
  .openapi('FabricVintage');

export const LayerNameSchema = z.enum(['locations', 'parcels', 'footprints']);
export const LayersSchema = z.array(LayerNameSchema);

export const FieldDefSchema = z
  .object({
    fieldname: z.string(),
    fieldtype: z.enum(['integer', 'number', 'text']),
    discrete: z.union([z.literal(0), z.literal(1)]),
    reportable: z.union([z.literal(0), z.literal(1)]),
    listorder: z.number().int(),
    definition: z.string(),
    categories: z
      .array(z.object({ label: z.string(), min: z.number(), max: z.number() }))
      .nullable(),
  })
  .openapi('FieldDef');

export const LocationRecordSchema = z
  .object({
    location_id: z.number().int(),
    uuid: z.string(),
    address_primary: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    zip_suffix: z.string(),
    unit_count: z.number().int(),
    bsl_flag: z.number().int(),
    building_type_code: z.string(),
    land_use_code: z.string(),
    county_geoid: z.string(),
    block_geoid: z.string(),
    h3_res9_id: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  })
  .openapi('LocationRecord');

export const LOCATION_RECORD_FIELDS = Object.keys(LocationRecordSchema.shape);

/** Bulk answers hold the id plus the requested fields only. */
export const BulkRecordSchema = LocationRecordSchema.partial().openapi('BulkLocationRecord');

export const DataQuery = z.object({
  location_id: locationIdQuery().optional(),
  uuid: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ example: '6b0f3b7e-6f8a-4b44-9a4c-2f1e6f0b9c1d' }),
});

export const BulkQuery = z.object({
  field: listQuery({ max: MAX_BULK_FIELDS, example: 'address_primary,unit_count' }),
});

const idCount = { error: `must hold at most ${MAX_BULK_IDS} ids` };
// One object with both keys optional (the route requires exactly one) so that limit errors
// name the key instead of failing a union as a whole.
export const BulkBody = z
  .object({
    location_id: z.array(z.number().int().positive()).min(1).max(MAX_BULK_IDS, idCount).optional(),
    uuid: z.array(z.string().min(1).max(64)).min(1).max(MAX_BULK_IDS, idCount).optional(),
  })
  .openapi('BulkRequest', { description: 'location_id or uuid (exactly one), up to 1000 ids' });

export const TileParams = z.object({
  z: z
    .string()
    .regex(/^\d{1,2}$/, { error: 'must be an integer zoom' })
    .transform(Number)
    .pipe(z.number().max(22, { error: 'must be at most 22' }))
    .openapi({ param: { name: 'z', in: 'path' }, type: 'integer' }),
  x: z
    .string()
    .regex(/^\d{1,7}$/, { error: 'must be a tile column' })
    .transform(Number)
    .openapi({ param: { name: 'x', in: 'path' }, type: 'integer' }),
  y: z
    .string()
    .regex(/^\d{1,7}$/, { error: 'must be a tile row' })
    .transform(Number)
    .openapi({ param: { name: 'y', in: 'path' }, type: 'integer' }),
});
