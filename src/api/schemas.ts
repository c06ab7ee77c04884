// Zod schemas for the fabric and extension operations (SERVICE.md), with the tolerated
// variations of the real service. Output types are what the app works with.
import { z } from 'zod';
import { flag, intLike, numberLike, textLike, vintageText } from './schema-primitives';

export const fabricVintageSchema = z.object({
  vintage: vintageText,
  svcversion: intLike,
  fccversion: textLike,
  fccrelease: textLike,
  vintagename: z.string(),
});
export type FabricVintage = z.output<typeof fabricVintageSchema>;
export const fabricVintagesSchema = z.array(fabricVintageSchema);

export const layersSchema = z.array(z.string());

export const fieldCategorySchema = z.object({
  label: textLike,
  min: numberLike,
  max: numberLike,
});
export type FieldCategory = z.output<typeof fieldCategorySchema>;

export const fieldDefSchema = z.object({
  fieldname: z.string(),
  // The reference service uses integer | number | text; other services may name more types.
  fieldtype: z.string(),
  discrete: flag,
  reportable: flag,
  listorder: intLike,
  definition: z
    .string()
    .nullish()
    .transform((d) => d ?? ''),
  categories: z
    .array(fieldCategorySchema)
    .nullish()
    .transform((c) => c ?? null),
});
export type FieldDef = z.output<typeof fieldDefSchema>;
export const fieldsSchema = z.array(fieldDefSchema);

const nullableText = textLike.nullish().transform((v) => v ?? '');

export const locationRecordSchema = z.object({
  location_id: intLike,
  uuid: z.string(),
  address_primary: z.string(),
  city: z.string(),
  state: z.string(),
  zip: textLike,
  zip_suffix: nullableText,
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

/** Bulk answers hold only the requested fields plus the id. */
export const bulkLocationRecordsSchema = z.array(locationRecordSchema.partial());
export type BulkLocationRecord = z.output<typeof bulkLocationRecordsSchema>[number];

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
  zip_suffix: nullableText,
  latitude: numberLike,
  longitude: numberLike,
  similarity: numberLike,
});
export type MatchLocation = z.output<typeof matchLocationSchema>;

export const matchResponseSchema = z.object({
  text: z.string(),
  parsed: matchPartsSchema.nullish().transform((p) => p ?? {}),
  matchcount: intLike,
  locations: z.array(matchLocationSchema),
});
export type MatchResponse = z.output<typeof matchResponseSchema>;

// Some deployments name the version fields after the CQA release instead of svcversion.
function renameCqaVersions(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record: Record<string, unknown> = { ...value };
  for (const end of ['first', 'last'] as const) {
    const svc = `${end}svcversion`;
    const cqa = `${end}cqaversion`;
    if (record[svc] === undefined && record[cqa] !== undefined) record[svc] = record[cqa];
    delete record[cqa];
  }
  return record;
}

export const historyRecordSchema = z.preprocess(
  renameCqaVersions,
  z.object({
    location_id: intLike,
    firstsvcversion: intLike,
    lastsvcversion: intLike,
    // Absent, null, "" and 0 all mean "no equivalent" (location ids start at 1,000,000,000).
    re_location_id: z
      .union([intLike, z.literal('')])
      .nullish()
      .transform((id) => (typeof id === 'number' && id > 0 ? id : null)),
  }),
);
export type HistoryRecord = z.output<typeof historyRecordSchema>;
export const historyRecordsSchema = z.array(historyRecordSchema);

export const MATCH_TYPES = ['FootprintParcel', 'Footprint', 'Parcel', 'Nearest'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export const locateRecordSchema = z.object({
  latitude: numberLike,
  longitude: numberLike,
  location_id: intLike,
  distancem: numberLike,
  matchtype: z.enum(MATCH_TYPES),
  // Only null is documented; keep whatever identifier a real service might put here.
  sourcekey: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((k) => k ?? null),
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
