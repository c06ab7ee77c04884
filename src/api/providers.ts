// providers: this project's list of the fixed broadband providers a brand name, provider id or
// FRN names, with the locations each claims (docs/SERVICE.md, "providers"). A real service does
// not offer it: the app asks only a backend that serves this project's own views.
import { intLike, textLike } from '../../shared/schema-primitives';
import * as z from '../../shared/zod';
import { request } from './http';

const providerSchema = z.object({
  provider_id: intLike,
  brand_name: z.string(),
  frn: textLike,
  locationcount: intLike,
});
export type ProviderClaim = z.output<typeof providerSchema>;

const providersResponseSchema = z.object({
  q: z.string(),
  coverage: textLike,
  providercount: intLike,
  providers: z.array(providerSchema),
});
export type ProvidersResponse = z.output<typeof providersResponseSchema>;

export function findProviders(
  vintage: string,
  q: string,
  maxresults: number,
  signal?: AbortSignal,
): Promise<ProvidersResponse> {
  return request({
    operation: 'providers',
    path: `/fabricext/${encodeURIComponent(vintage)}/providers`,
    query: { q, maxresults },
    signal,
    schema: providersResponseSchema,
  });
}
