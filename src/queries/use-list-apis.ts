import { queryOptions, useQuery } from '@tanstack/react-query';
import { listApis } from '../api/account';
import { accountKeys } from './keys';
import { VINTAGED } from './query-client';

/**
 * The service's operations with their chunk limits (listapis). Read once a session; a service
 * without it (an error) leaves the callers on the documented default limit.
 */
export function listApisQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.listApis(),
    queryFn: ({ signal }) => listApis(signal),
    ...VINTAGED,
  });
}

export function useListApis(enabled = true) {
  return useQuery({ ...listApisQueryOptions(), enabled });
}
