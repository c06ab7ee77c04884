// Query schemas of the fixed broadband tiles (docs/SERVICE.md; docs/architecture.md, "The fixed broadband path"), for the OpenAPI
// document and the app server's list of forwardable parameters. The route validates the
// filters with shared/fixed-status.ts's parseFixedFilters; they are declared once, in fixed-filter-query.ts.
import { z } from '@hono/zod-openapi';
import { FixedFilterQuery, ProviderQuery } from './fixed-filter-query';

export const FixedTileQuery = z.object({
  fabric: z
    .string()
    .regex(/^\d{6}$/, { error: 'must be six digits (YYYYMM)' })
    .openapi({ example: '202506', description: 'Fabric vintage whose locations are drawn' }),
  ...ProviderQuery,
});

export const FixedHexQuery = FixedTileQuery.extend(FixedFilterQuery);

const sixDigits = (description: string) =>
  z
    .string()
    .regex(/^\d{6}$/, { error: 'must be six digits (YYYYMM)' })
    .openapi({ example: '202406', description });

/** The compare tile (README, "Compare releases"): the path's vintages against `with` and `withfabric`. */
export const FixedChangeQuery = FixedTileQuery.extend({
  with: sixDigits('Coverage vintage compared with'),
  withfabric: sixDigits('Fabric vintage compared with'),
});

export const FixedChangeHexQuery = FixedHexQuery.extend({
  with: sixDigits('Coverage vintage compared with'),
  withfabric: sixDigits('Fabric vintage compared with'),
});
