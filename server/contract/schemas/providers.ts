// Schemas of providers (ours; docs/SERVICE.md, "providers"): the fixed broadband providers of a
// coverage vintage that a brand name, provider id or FRN names, with the locations each claims,
// for the search box's provider suggestions and the provider filter.
import { z } from '@hono/zod-openapi';
import { integerQuery } from './common';
import { ReportQuery } from './report';

export const ProvidersQuery = z.object({
  q: z.string().trim().max(100, { error: 'must be at most 100 characters' }).optional().openapi({
    description:
      'A brand name (or a word of it), a provider id, or a 10-digit FRN; none or empty: every provider',
    example: 'Prairie',
  }),
  coverage: ReportQuery.shape.coverage.openapi({
    description: 'Coverage vintage whose records are read (default as the report)',
  }),
  maxresults: integerQuery({ min: 1, max: 100, example: 10 })
    .optional()
    .openapi({ description: 'Most providers answered (default 10)' }),
});

export const ProviderClaimSchema = z.object({
  provider_id: z.number().int(),
  brand_name: z.string(),
  frn: z.string().openapi({ description: '10 digits, leading zeros kept' }),
  locationcount: z.number().int().openapi({
    description: 'Locations with at least one fixed record of the provider at the coverage vintage',
  }),
});
export type ProviderClaim = z.output<typeof ProviderClaimSchema>;

export const ProvidersResponseSchema = z
  .object({
    q: z.string(),
    coverage: z.string(),
    providercount: z.number().int().openapi({ description: 'Providers the text names in all' }),
    providers: z.array(ProviderClaimSchema).openapi({
      description: 'Best match first, then most locations claimed, then brand name',
    }),
  })
  .openapi('Providers');
export type ProvidersResponse = z.output<typeof ProvidersResponseSchema>;
