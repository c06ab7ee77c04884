import { queryOptions, useQuery } from '@tanstack/react-query';
import { getHealth } from '../api/health';
import { healthKeys } from './keys';
import { SLOW_CHANGING } from './query-client';

/** Which backend answers /api (embedded demo or an upstream host), for the top bar badge. */
export function healthQueryOptions() {
  return queryOptions({
    queryKey: healthKeys.status(),
    queryFn: ({ signal }) => getHealth(signal),
    ...SLOW_CHANGING,
  });
}

export function useHealth() {
  return useQuery(healthQueryOptions());
}
