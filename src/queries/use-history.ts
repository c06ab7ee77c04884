import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getHistory } from '../api/fabricext';
import { locationKeys } from './keys';
import { VINTAGED } from './query-client';

/** The release range a location existed in and its retirement equivalent; `[]` if never seen. */
export function historyQueryOptions(
  vintage: string | null | undefined,
  locationId: number | null | undefined,
) {
  return queryOptions({
    queryKey: locationKeys.history(vintage ?? '', locationId ?? 0),
    queryFn:
      vintage && locationId != null
        ? ({ signal }) => getHistory(vintage, locationId, signal)
        : skipToken,
    ...VINTAGED,
  });
}

export function useHistory(
  vintage: string | null | undefined,
  locationId: number | null | undefined,
) {
  return useQuery(historyQueryOptions(vintage, locationId));
}
