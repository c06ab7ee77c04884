// The fixed broadband filters as query parameters (docs/SERVICE.md, "Fixed broadband status
// under filters"), declared once for every operation that shades or counts under them: the
// fixed and hexagon tiles, the change tiles, the report and summarize. The routes read them
// back with shared/fixed-status.ts's parseFixedFilters, which the web app's URL uses too.
import { z } from '@hono/zod-openapi';
import { FIXED_FILTER_PARAMETERS } from '../../../shared/fixed-status';
import { PROVIDER_ID_PATTERN } from '../../../shared/provider-filter';

const choice = (values: readonly string[], description: string) =>
  z
    .enum(values as [string, ...string[]])
    .optional()
    .openapi({ description });

/** The provider filter alone: the point tiles carry every other filter's answer in their tiers. */
export const ProviderQuery = {
  provider: z
    .string()
    .regex(PROVIDER_ID_PATTERN, {
      error: 'must be a provider_id (a whole number from 1, at most 9 digits)',
    })
    .optional()
    .openapi({
      example: '130077',
      description:
        'Only this provider\u2019s claims (its provider_id): each location\u2019s status from that provider\u2019s records alone (default every provider)',
    }),
};

export const FixedFilterQuery = {
  audience: choice(FIXED_FILTER_PARAMETERS.audience, 'Offers sold to (default residential)'),
  speed: choice(FIXED_FILTER_PARAMETERS.speed, 'Speed threshold, or the BEAD rule (default)'),
  tech: choice(FIXED_FILTER_PARAMETERS.tech, 'Technologies counted (default any)'),
  lowlatency: choice(FIXED_FILTER_PARAMETERS.lowlatency, 'Only low-latency offers (default 0)'),
  ...ProviderQuery,
};
