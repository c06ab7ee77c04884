// Schemas of the area report (ours; docs/SERVICE.md, "report"): a planner's counts
// of an area under the fixed broadband filters, from the fabric index with the one status rule
// of shared/fixed-status.ts. The web app reads the same shape (src/api/report-schemas.ts).
import { z } from '@hono/zod-openapi';
import {
  CHANGE_CLASSES,
  CHANGE_SIDE_STATUSES,
  type ChangeClass,
  type ChangeSideStatus,
} from '../../../shared/fixed-change';
import { FixedFilterQuery } from './fixed-filter-query';

const sixDigits = (description: string) =>
  z
    .string()
    .regex(/^\d{6}$/, { error: 'must be six digits (YYYYMM)' })
    .optional()
    .openapi({ example: '202412', description });

export const ReportQuery = z.object({
  coverage: z
    .string()
    .regex(/^\d{6}$/, { error: 'must be six digits (YYYYMM)' })
    .optional()
    .openapi({
      example: '202406',
      description: 'Coverage vintage the statuses are read at (default: the newest)',
    }),
  with: sixDigits(
    'Coverage vintage to compare with (with withfabric): the answer gains `change`, what changed between the two releases',
  ),
  withfabric: sixDigits('Fabric vintage to compare with (with `with`)'),
  ...FixedFilterQuery,
});

const Count = z.object({ locations: z.number().int(), units: z.number().int() });

export const REPORT_GROUPS = ['any', 'wired', 'fixed wireless', 'satellite', 'other'] as const;

const SideStatus = z.enum(CHANGE_SIDE_STATUSES as [ChangeSideStatus, ...ChangeSideStatus[]]);

export const ReportChangeSchema = z
  .object({
    fabric: z.string().openapi({ description: 'Fabric vintage compared with (B)' }),
    coverage: z.string().openapi({ description: 'Coverage vintage compared with (B)' }),
    release: z.string().nullable().openapi({
      description: 'Fabric release the coverage vintage B was reported on (null: none held)',
    }),
    earlier: z.enum(['a', 'b']).openapi({
      description:
        'Which release the change classes read as "before": a (this report\u2019s fabric and coverage) or b; the earlier fabric, else the earlier coverage',
    }),
    locationcount: z.number().int().openapi({
      description:
        'Locations inside the area in fabric A or fabric B (the union; maxcount applies to it)',
    }),
    table: z
      .array(
        z.object({
          a: SideStatus,
          b: SideStatus,
          locations: z.number().int(),
          units: z.number().int(),
        }),
      )
      .openapi({
        description:
          'Status at A \u00d7 status at B, under the filters: each location of the union once (unserved excludes nooffers here; absent: not in that fabric release). Rows with no location are omitted; ordered by a, then b, in the order of the enum',
      }),
    classes: z
      .array(
        z.object({
          class: z.enum(CHANGE_CLASSES.map((c) => c.value) as [ChangeClass, ...ChangeClass[]]),
          locations: z.number().int(),
          units: z.number().int(),
        }),
      )
      .openapi({
        description:
          'Every change class of the compare view (shared/fixed-change.ts), zeros kept, in the legend\u2019s order; their locations add up to locationcount',
      }),
  })
  .openapi('AreaReportChange');
export type ReportChange = z.output<typeof ReportChangeSchema>;

export const ReportResponseSchema = z
  .object({
    fabric: z.string().openapi({ description: 'Fabric vintage of the locations counted' }),
    coverage: z.string().openapi({ description: 'Coverage vintage of the offers counted' }),
    release: z.string().nullable().openapi({
      description: 'Fabric release the coverage vintage was reported on (null: none held)',
    }),
    filters: z.object({
      audience: z.string(),
      speed: z.string(),
      tech: z.string(),
      lowlatency: z.string(),
      provider: z.string().optional(),
    }),
    maxcount: z.number().int(),
    locationcount: z
      .number()
      .int()
      .openapi({ description: 'Locations of the fabric vintage inside the area' }),
    status: z
      .object({
        served: Count,
        underserved: Count,
        unserved: Count.openapi({ description: 'Includes the BSLs with no offers reported' }),
        nooffers: Count.openapi({ description: 'BSLs in the release with no fixed records' }),
        notinrelease: Count.openapi({ description: 'Not in the release: no BEAD status' }),
        notbsl: Count.openapi({ description: 'In the release, not a BSL: no BEAD status' }),
      })
      .openapi({
        description:
          'served + underserved + unserved + notinrelease + notbsl = locationcount; units are unit_count sums',
      }),
    tiers: z
      .array(
        z.object({
          group: z.enum(REPORT_GROUPS),
          tier: z.number().int().min(1).max(4),
          speed: z.string().openapi({ example: '100/20' }),
          locations: z.number().int(),
        }),
      )
      .openapi({
        description:
          'BSLs in the release with a counted offer of the group at the tier or faster; groups with a technology the filters count',
      }),
    change: ReportChangeSchema.optional().openapi({
      description: 'Only when `with` and `withfabric` are given',
    }),
    providers: z
      .array(
        z.object({
          provider_id: z.number().int(),
          brand_name: z.string(),
          technologies: z.array(z.number().int()),
          served_locations: z.number().int(),
          served_units: z.number().int(),
          reached_locations: z.number().int(),
          offered: z
            .array(
              z.object({
                technology: z.number().int(),
                locations: z.array(z.number().int()).length(4),
                units: z.array(z.number().int()).length(4),
              }),
            )
            .openapi({
              description:
                'Per technology with a counted offer: the BSLs (and units) offered it at each tier of `tiers` (25/3, 100/20, 250/25, 1000/100) or faster',
            }),
        }),
      )
      .openapi({
        description:
          'Every provider with a counted offer of 25/3 or more at a BSL of the area, most locations served first',
      }),
  })
  .openapi('AreaReport');
export type ReportResponse = z.output<typeof ReportResponseSchema>;
export type ReportBody = Omit<
  ReportResponse,
  'fabric' | 'coverage' | 'release' | 'filters' | 'maxcount' | 'change'
>;
