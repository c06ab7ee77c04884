// Schemas of the extension operations (docs/SERVICE.md, "Extension operations"); locate's and
// match's are in locate.ts and match.ts.
import { z } from '@hono/zod-openapi';
import type { Dialect } from '../dialect';
import { listQuery, locationIdQuery } from './common';
import { FixedFilterQuery } from './fixed-filter-query';

export const HistoryQuery = z.object({ location_id: locationIdQuery() });

const HistoryBoth = z.object({
  location_id: z.number().int(),
  firstsvcversion: z.number().int().openapi({ description: 'seed and both dialects' }),
  lastsvcversion: z.number().int().openapi({ description: 'seed and both dialects' }),
  firstcqaversion: z.number().int().openapi({ description: 'published and both dialects' }),
  lastcqaversion: z.number().int().openapi({ description: 'published and both dialects' }),
  re_location_id: z.number().int().nullable(),
});

/** The seed's record: what the store answers, before the dialect names its versions. */
const HistorySeed = HistoryBoth.omit({ firstcqaversion: true, lastcqaversion: true });
export type HistoryRecord = z.output<typeof HistorySeed>;

/** A history record as the dialect names its versions (both pairs in `both`). */
export function historyRecordSchema(d: Dialect) {
  const schema =
    d === 'published'
      ? HistoryBoth.omit({ firstsvcversion: true, lastsvcversion: true })
      : d === 'seed'
        ? HistorySeed
        : HistoryBoth;
  return schema.openapi('HistoryRecord');
}

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
export type TranslateRecord = z.output<typeof TranslateRecordSchema>;

export const SummarizeQuery = z.object({
  field: listQuery({ max: 20, example: 'building_type_code,unit_count' }),
  nocat: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
    .optional()
    .openapi({ example: '1' }),
  // Ours: where the computed fields (served_status, max_down_mbps, ...) are read.
  coverage: z
    .string()
    .regex(/^\d{6}$/, { error: 'must be six digits (YYYYMM)' })
    .optional()
    .openapi({
      example: '202406',
      description: 'Coverage vintage of the computed fields (default: the fabric vintage’s own)',
    }),
  // Ours: the filters served_status counts under, as the report takes them.
  ...FixedFilterQuery,
});

export const SummarizeResponseSchema = z
  .object({
    data: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
    maxcount: z.number().int(),
    locationcount: z.number().int(),
  })
  .openapi('SummarizeResponse');
export type SummarizeResponse = z.output<typeof SummarizeResponseSchema>;
export type SummaryRow = SummarizeResponse['data'][number];
