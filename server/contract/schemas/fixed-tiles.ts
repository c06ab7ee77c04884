// Query schemas of the fixed broadband tiles (docs/SERVICE.md; docs/architecture.md, "The fixed broadband path"), for the OpenAPI
// document and the app server's list of forwardable parameters. The route validates the
// filters with shared/fixed-status.ts's parseFixedFilters, which the web app's URL uses too.
import { z } from '@hono/zod-openapi';
import { FIXED_FILTER_PARAMETERS } from '../../../shared/fixed-status';

export const FixedTileQuery = z.object({
  fabric: z
    .string()
    .regex(/^\d{6}$/, { error: 'must be six digits (YYYYMM)' })
    .openapi({ example: '202506', description: 'Fabric vintage whose locations are drawn' }),
});

const choice = (values: readonly string[], description: string) =>
  z
    .enum(values as [string, ...string[]])
    .optional()
    .openapi({ description });

export const FixedHexQuery = FixedTileQuery.extend({
  audience: choice(FIXED_FILTER_PARAMETERS.audience, 'Offers sold to (default residential)'),
  speed: choice(FIXED_FILTER_PARAMETERS.speed, 'Speed threshold, or the BEAD rule (default)'),
  tech: choice(FIXED_FILTER_PARAMETERS.tech, 'Technologies counted (default any)'),
  lowlatency: choice(FIXED_FILTER_PARAMETERS.lowlatency, 'Only low-latency offers (default 0)'),
});

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
