// The app's QueryClient. Fabric and coverage data are published per vintage and never change,
// so vintaged queries are cached for the session; retries (api/retry-policy.ts) are for
// transient failures only.
import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { retryDelay, shouldRetry } from '../api/retry-policy';

/** For queries whose answer is fixed once the vintage is (data, history, coverage, summaries). */
export const VINTAGED = { staleTime: Infinity, gcTime: 60 * 60_000 } as const;
/** Lists that change only when the service publishes a release (vintages, health). */
export const SLOW_CHANGING = { staleTime: 60 * 60_000, gcTime: 60 * 60_000 } as const;

export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        retry: shouldRetry,
        retryDelay,
        // A planner switching windows should not refetch records that cannot have changed.
        refetchOnWindowFocus: false,
        ...config.defaultOptions?.queries,
      },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}
