// The area report: the reference service's own operation (docs/SERVICE.md, "report"), a
// planner's counts of an area under the fixed broadband filters. A real service does not offer
// it and answers 404, which `reportUnsupported` tells apart from a vintage it does not know.
import { z } from 'zod';
import { fixedFiltersRecord, type FixedFilters } from '../../shared/fixed-status';
import { intLike } from '../../shared/schema-primitives';
import { isApiError } from './api-error';
import type { SummarizeArea } from './fabricext';
import { request } from './http';

const countSchema = z.object({ locations: intLike, units: intLike });

export const REPORT_STATUSES = [
  'served',
  'underserved',
  'unserved',
  'nooffers',
  'notinrelease',
  'notbsl',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const reportSchema = z.object({
  fabric: z.string(),
  coverage: z.string(),
  release: z.string().nullable(),
  filters: z.object({
    audience: z.string(),
    speed: z.string(),
    tech: z.string(),
    lowlatency: z.string(),
  }),
  maxcount: intLike,
  locationcount: intLike,
  status: z.object({
    served: countSchema,
    underserved: countSchema,
    unserved: countSchema,
    nooffers: countSchema,
    notinrelease: countSchema,
    notbsl: countSchema,
  } satisfies Record<ReportStatus, typeof countSchema>),
  tiers: z.array(
    z.object({
      group: z.string(),
      tier: intLike,
      speed: z.string(),
      locations: intLike,
    }),
  ),
  providers: z.array(
    z.object({
      provider_id: intLike,
      brand_name: z.string(),
      technologies: z.array(intLike),
      served_locations: intLike,
      served_units: intLike,
      reached_locations: intLike,
    }),
  ),
});
export type AreaReport = z.output<typeof reportSchema>;

/**
 * The report of an area's locations of fabric vintage `vintage`, at coverage vintage
 * `coverage`, under the filters. Past the service's maxcount it throws the same
 * `maxcount_exceeded` ApiError as summarize, so a caller can split the area.
 */
export function reportArea(
  vintage: string,
  coverage: string,
  filters: FixedFilters,
  area: SummarizeArea,
  signal?: AbortSignal,
): Promise<AreaReport> {
  return request({
    operation: 'report',
    method: 'POST',
    path: `/fabricext/${encodeURIComponent(vintage)}/report`,
    query: { coverage, ...fixedFiltersRecord(filters) },
    body: area,
    signal,
    schema: reportSchema,
  });
}

/** The service has no report operation (a real service): its 404 names no vintage. */
export function reportUnsupported(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.code !== 'unknown_vintage';
}
