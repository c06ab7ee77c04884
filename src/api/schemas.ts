// Zod schemas for the fabric and extension operations (docs/SERVICE.md, "Base fabric service" and
// "Extension operations"), with the tolerated variations of the real service. Output types are what
// the app works with.
import {
  flag,
  intLike,
  numberLike,
  sourceKeySchema,
  textLike,
  textOrEmpty,
} from '../../shared/schema-primitives';
import * as z from '../../shared/zod';

// Fabric vintages and history, whose version fields differ between dialects.
export * from './version-schemas';

// Published as `[{ "layername": "locations" }, ...]`; the seed sends the bare names.
export const layersSchema = z.array(
  z.union(
    [
      z.string(),
      z.pipe(
        z.object({ layername: z.string() }),
        z.transform((l) => l.layername),
      ),
    ],
    {
      error: 'expected a layer name or a { layername } record',
    },
  ),
);

export const fieldCategorySchema = z.object({
  label: textLike,
  min: numberLike,
  max: numberLike,
});

export const fieldDefSchema = z.object({
  fieldname: z.string(),
  // Published short names ("int"; others unpublished), the seed's integer | number | text: any
  // name is kept as sent.
  fieldtype: z.string(),
  discrete: flag,
  // The published guide's record has no `reportable`, and the official client treats every
  // field `fields` lists as one it may ask for; so absent means reportable. A service that
  // marks a field 0 (the seed's coordinates) still keeps it out of the summary picker.
  reportable: z.pipe(
    z.nullish(flag),
    z.transform((r) => r ?? 1),
  ),
  listorder: intLike,
  // The official client filters on `datalevel`; the app only keeps it. `format` is a Python
  // format string ('f"{n:d}"'), meaningless here but kept for completeness.
  datalevel: z.pipe(
    z.nullish(intLike),
    z.transform((d) => d ?? null),
  ),
  format: z.pipe(
    z.nullish(z.string()),
    z.transform((f) => f ?? null),
  ),
  definition: z.pipe(
    z.nullish(z.string()),
    z.transform((d) => d ?? ''),
  ),
  categories: z.pipe(
    z.nullish(z.array(fieldCategorySchema)),
    z.transform((c) => c ?? null),
  ),
});
export type FieldDef = z.output<typeof fieldDefSchema>;
export const fieldsSchema = z.array(fieldDefSchema);

export const locationRecordSchema = z.object({
  location_id: intLike,
  uuid: z.string(),
  address_primary: z.string(),
  city: z.string(),
  state: z.string(),
  zip: textLike,
  zip_suffix: textOrEmpty,
  unit_count: intLike,
  bsl_flag: flag,
  building_type_code: textLike,
  land_use_code: textLike,
  county_geoid: textLike,
  block_geoid: textLike,
  h3_res9_id: z.string(),
  latitude: numberLike,
  longitude: numberLike,
});
export type LocationRecord = z.output<typeof locationRecordSchema>;
export const locationRecordsSchema = z.array(locationRecordSchema);

// Address match answers.
export * from './match-schemas';

export const MATCH_TYPES = ['FootprintParcel', 'Footprint', 'Parcel', 'Nearest'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export const locateRecordSchema = z.object({
  latitude: numberLike,
  longitude: numberLike,
  location_id: intLike,
  distancem: numberLike,
  matchtype: z.enum(MATCH_TYPES),
  // The key a caller sent with its point (the official client joins answers on it).
  sourcekey: sourceKeySchema,
});
export type LocateRecord = z.output<typeof locateRecordSchema>;
export const locateRecordsSchema = z.array(locateRecordSchema);

export type IdKind = 'location_id' | 'uuid';

export const translateRecordSchema = z.object({
  uuid: z.string(),
  location_id: intLike,
});
export type TranslateRecord = z.output<typeof translateRecordSchema>;
export const translateRecordsSchema = z.array(translateRecordSchema);

/** A summary row: group values (text) and per-field _avg/_cnt/_sum numbers. */
export const summaryRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type SummaryRow = z.output<typeof summaryRowSchema>;

export const summarizeResponseSchema = z.object({
  data: z.array(summaryRowSchema),
  maxcount: intLike,
  locationcount: intLike,
});
export type SummarizeResponse = z.output<typeof summarizeResponseSchema>;
