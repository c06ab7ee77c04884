// Schemas of the coverage operations (docs/SERVICE.md, "Coverage operations").
import { z } from '@hono/zod-openapi';
import { locationIdQuery } from './common';

export const MAX_COVERAGE_IDS = 1000;

const vintageQuery = z
  .string()
  .regex(/^\d{6}$/, { error: 'must be six digits (YYYYMM)' })
  .optional()
  .openapi({ example: '202406' });

export const CoverageVintagesQuery = z.object({
  type: z.literal('bdc', { error: 'must be bdc' }).openapi({ example: 'bdc' }),
});
export const CoverageVintagesSchema = z
  .array(z.string())
  .openapi({ example: ['202306', '202406'] });

export const FixedQuery = z.object({ location_id: locationIdQuery(), vintage: vintageQuery });
export const MobileQuery = z.object({
  h3_res9_id: z.string().trim().min(1).max(20).openapi({ example: '892664c1a2bffff' }),
  vintage: vintageQuery,
});
export const BulkVintageQuery = z.object({ vintage: vintageQuery });

const idCount = { error: `must hold at most ${MAX_COVERAGE_IDS} ids` };
export const FixedBulkBody = z
  .array(z.union([z.number().int().positive(), z.string().regex(/^\d{1,16}$/)]))
  .min(1)
  .max(MAX_COVERAGE_IDS, idCount)
  .openapi('FixedCoverageBulkRequest', { description: 'location_ids, up to 1000' });
export const MobileBulkBody = z
  .array(z.string().max(20))
  .min(1)
  .max(MAX_COVERAGE_IDS, idCount)
  .openapi('MobileCoverageBulkRequest', { description: 'H3 res-9 cell ids, up to 1000' });

export const FixedRecordSchema = z
  .object({
    location_id: z.string().regex(/^\d+$/),
    provider_id: z.number().int(),
    frn: z.string().regex(/^\d+$/),
    brand_name: z.string(),
    technology_code: z.number().int(),
    max_advertised_download_speed: z.number().int(),
    max_advertised_upload_speed: z.number().int(),
    low_latency: z.number().int(),
    business_residential_code: z.enum(['R', 'B', 'X']),
    coverage: z.number().int(),
  })
  .openapi('FixedCoverageRecord');
export type FixedRecord = z.output<typeof FixedRecordSchema>;

export const MobileRecordSchema = z
  .object({
    h3_res9_id: z.string(),
    frn: z.string().regex(/^\d+$/),
    providerid: z.number().int(),
    brandname: z.string(),
    technology: z.number().int(),
    mindown: z.number().int(),
    minup: z.number().int(),
    minsignal: z.number().int(),
    environment: z.number().int(),
  })
  .openapi('MobileCoverageRecord');
export type MobileRecord = z.output<typeof MobileRecordSchema>;
