import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { findProviders } from '../api/providers';
import { providersKeys } from './keys';
import { VINTAGED } from './query-client';

export const PROVIDERS_MAX = 5;

/**
 * The providers a text names (brand, provider id or FRN) in a fabric vintage's coverage: the
 * search box's provider suggestions, and the filter card's name of a provider given by id.
 * Null vintage or a text under two characters asks nothing.
 */
export function useProviders(vintage: string | null | undefined, q: string) {
  const text = q.trim();
  const enabled = Boolean(vintage) && text.length >= 2;
  return useQuery(
    queryOptions({
      queryKey: providersKeys.query(vintage ?? '', text, PROVIDERS_MAX),
      queryFn:
        vintage && enabled
          ? ({ signal }) => findProviders(vintage, text, PROVIDERS_MAX, signal)
          : skipToken,
      ...VINTAGED,
    }),
  );
}
