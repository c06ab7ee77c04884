// The area report: the reference service's own operation (docs/SERVICE.md, "report"), a
// planner's counts of an area under the fixed broadband filters. A real service does not offer
// it: the app asks only a backend whose capabilities list it (src/queries/use-capabilities.ts).
import {
  CHANGE_CLASSES,
  CHANGE_SIDE_STATUSES,
  type ChangeClass,
  type ChangeSideStatus,
} from '../../shared/fixed-change';
import {
  FIXED_LOCATION_STATUSES,
  fixedFiltersRecord,
  type FixedFilters,
} from '../../shared/fixed-status';
import { intLike, textLike } from '../../shared/schema-primitives';
import * as z from '../../shared/zod';
import type { SummarizeArea } from './fabricext';
import { request } from './http';

const countSchema = z.object({ locations: intLike, units: intLike });

/** What changed in the area between this report's release (a) and the compared one (b). */
const changeSchema = z.object({
  fabric: z.string(),
  coverage: z.string(),
  release: z.nullable(z.string()),
  earlier: z.enum(['a', 'b']),
  locationcount: intLike,
  table: z.array(
    z.extend(countSchema, {
      a: z.enum(CHANGE_SIDE_STATUSES as [ChangeSideStatus, ...ChangeSideStatus[]]),
      b: z.enum(CHANGE_SIDE_STATUSES as [ChangeSideStatus, ...ChangeSideStatus[]]),
    }),
  ),
  classes: z.array(
    z.extend(countSchema, {
      class: z.enum(CHANGE_CLASSES.map((c) => c.value) as [ChangeClass, ...ChangeClass[]]),
    }),
  ),
});
export type ReportChange = z.output<typeof changeSchema>;

export const REPORT_STATUSES = FIXED_LOCATION_STATUSES;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const reportSchema = z.object({
  fabric: z.string(),
  coverage: z.string(),
  release: z.nullable(z.string()),
  filters: z.object({
    audience: z.string(),
    speed: z.string(),
    tech: z.string(),
    lowlatency: z.string(),
    provider: z.optional(textLike),
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
      offered: z.array(
        z.object({ technology: intLike, locations: z.array(intLike), units: z.array(intLike) }),
      ),
    }),
  ),
  change: z.optional(changeSchema),
});
export type AreaReport = z.output<typeof reportSchema>;

/**
 * The report of an area's locations of fabric vintage `vintage`, at coverage vintage
 * `coverage`, under the filters. Past the service's maxcount it throws the same
 * `maxcount_exceeded` ApiError as summarize, so a caller can split the area. With
 * `compareWith` the answer has `change` (the service then counts both fabrics' locations).
 */
export function reportArea(
  vintage: string,
  coverage: string,
  filters: FixedFilters,
  area: SummarizeArea,
  signal?: AbortSignal,
  compareWith: ComparedRelease | null = null,
): Promise<AreaReport> {
  const compared = compareWith
    ? { with: compareWith.coverage, withfabric: compareWith.fabric }
    : {};
  return request({
    operation: 'report',
    method: 'POST',
    path: `/fabricext/${encodeURIComponent(vintage)}/report`,
    query: { coverage, ...fixedFiltersRecord(filters), ...compared },
    body: area,
    signal,
    schema: reportSchema,
  });
}

/** The coverage and fabric vintage a report compares with (the compare card's choice). */
export interface ComparedRelease {
  coverage: string;
  fabric: string;
}
