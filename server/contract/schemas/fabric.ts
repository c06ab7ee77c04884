// Schemas of the base fabric operations (docs/SERVICE.md, "Base fabric service").
import { z } from '@hono/zod-openapi';
import { speaksPublished, type Dialect } from '../dialect';
import { listQuery, locationIdQuery } from './common';

export const MAX_BULK_IDS = 1000;
export const MAX_BULK_FIELDS = 10;

const VintageShape = {
  vintage: z.string().openapi({ example: '202406' }),
  svcversion: z.number().int().openapi({ description: 'seed and both dialects', example: 9 }),
  cqaversion: z
    .string()
    .openapi({ description: 'the same number as text; published and both dialects', example: '9' }),
  fccrelease: z.string().openapi({ example: '06302024' }),
  fccversion: z.string().openapi({ example: '5' }),
  ntiaversion: z.string().nullable().openapi({ example: '5_1' }),
  vintagename: z.string().openapi({ example: 'june2024' }),
};
const VintageBoth = z.object(VintageShape);

/** A vintage as the dialect renders it: svcversion (seed), cqaversion (published), or both. */
export function fabricVintageSchema(d: Dialect) {
  const schema =
    d === 'published'
      ? VintageBoth.omit({ svcversion: true })
      : d === 'seed'
        ? VintageBoth.omit({ cqaversion: true })
        : VintageBoth;
  return schema.openapi('FabricVintage');
}

export const LayerNameSchema = z.enum(['locations', 'parcels', 'footprints']);

/** Layers: `[{layername}]` as published (published and both), plain names in the seed's. */
export function layersSchema(d: Dialect) {
  return speaksPublished(d)
    ? z.array(z.object({ layername: LayerNameSchema }).openapi('Layer'))
    : z.array(LayerNameSchema);
}

export const SEED_FIELDTYPES = ['integer', 'number', 'text'] as const;
export const PUBLISHED_FIELDTYPES = ['int', 'float', 'text'] as const;

const FieldShape = {
  fieldname: z.string(),
  discrete: z.union([z.literal(0), z.literal(1)]),
  reportable: z.union([z.literal(0), z.literal(1)]),
  listorder: z.number().int(),
  definition: z.string(),
  categories: z.array(z.object({ label: z.string(), min: z.number(), max: z.number() })).nullable(),
};

const PublishedFieldShape = {
  format: z.string().openapi({ example: 'f"{n:d}"' }),
  datalevel: z.number().int().openapi({
    description: "10: stored in the fabric; 20: computed from the vintage's fixed coverage",
    example: 10,
  }),
};

/** A field as the store keeps it: the seed's fieldtype names, with `format` and `datalevel`. */
const StoredFieldDef = z.object({
  ...FieldShape,
  fieldtype: z.enum(SEED_FIELDTYPES),
  ...PublishedFieldShape,
});
export type FieldDef = z.output<typeof StoredFieldDef>;
export type FieldCategory = NonNullable<FieldDef['categories']>[number];

/**
 * A field record: the published fieldtype names with `format` and `datalevel` (published and
 * both), or the seed's fieldtype names without them.
 */
export function fieldDefSchema(d: Dialect) {
  const schema = speaksPublished(d)
    ? z.object({ ...FieldShape, fieldtype: z.enum(PUBLISHED_FIELDTYPES), ...PublishedFieldShape })
    : z.object({ ...FieldShape, fieldtype: z.enum(SEED_FIELDTYPES) });
  return schema.openapi('FieldDef');
}

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
    state_abbr: z.string(),
    h3_res8_id: z.string(),
    served_status: z
      .string()
      .openapi({ description: 'unserved, underserved or served', example: 'served' }),
    max_down_mbps: z.number().int(),
    max_up_mbps: z.number().int(),
    provider_count: z.number().int(),
    fiber_provider_count: z.number().int(),
  })
  .openapi('LocationRecord', {
    description: 'every field that fields lists for the locations layer, at this vintage',
  });

export type LocationRecord = z.output<typeof LocationRecordSchema>;

export const AreaFeatureRecordSchema = z
  .object({ uuid: z.string(), location_count: z.number().int() })
  .openapi('AreaFeatureRecord', { description: 'a parcel or footprint' });
/** A parcel or footprint record (data and bulk on those layers). */
export type AreaFeatureRecord = z.output<typeof AreaFeatureRecordSchema>;

/** Bulk answers hold the id plus the requested fields only. */
export const BulkRecordSchema = LocationRecordSchema.partial().openapi('BulkLocationRecord');
export const BulkAreaFeatureSchema =
  AreaFeatureRecordSchema.partial().openapi('BulkAreaFeatureRecord');

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
export const BulkObjectBody = z
  .object({
    location_id: z.array(z.number().int().positive()).min(1).max(MAX_BULK_IDS, idCount).optional(),
    uuid: z.array(z.string().min(1).max(64)).min(1).max(MAX_BULK_IDS, idCount).optional(),
  })
  .openapi('BulkRequest', { description: 'location_id or uuid (exactly one), up to 1000 ids' });

/** The official client's form: a bare array, all uuids (strings) or all location_ids (numbers). */
export const BulkArrayBody = z
  .array(
    z.union([z.number().int().positive(), z.string().min(1).max(64)], {
      error: 'must be a uuid (string) or a location_id (positive integer)',
    }),
  )
  .min(1)
  .max(MAX_BULK_IDS, idCount)
  .openapi('BulkIdList', {
    description: 'uuids (strings) or location_ids (numbers), not both, up to 1000',
  });

/** For the OpenAPI document; the route reads the two forms apart to name the rule broken. */
export const BulkBody = z.union([BulkObjectBody, BulkArrayBody]);

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
