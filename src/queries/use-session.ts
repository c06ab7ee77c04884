import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSession } from '../api/session';
import { sessionKeys } from './keys';
import { SLOW_CHANGING } from './query-client';

/** The signed-in person, asked once a page load (a 401 sends the planner to sign in). */
export function useSession() {
  return useQuery(
    queryOptions({
      queryKey: sessionKeys.current(),
      queryFn: ({ signal }) => getSession(signal),
      ...SLOW_CHANGING,
      retry: false,
    }),
  );
}
