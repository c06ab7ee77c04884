// The app's QueryClient and its retry policy. Fabric and coverage data are published per
// vintage and never change, so vintaged queries are cached for the session; retries are for
// transient failures only.
import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { isAbortError, isApiError } from '../api/api-error';

export const MAX_RETRIES = 2;
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * TanStack calls this with the number of failures before this one (0 on the first failure).
 * A 4xx will fail the same way again (except 429, which asks us to come back later), and a
 * bad_response means the answer's shape is wrong, which a retry does not fix.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || isAbortError(error)) return false;
  if (!isApiError(error)) return true;
  if (error.code === 'bad_response') return false;
  if (error.status === 429) return true;
  return error.status === 0 || error.status >= 500;
}

/** Retry-After when the service sent it, else exponential back-off from 1 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.retryAfter !== undefined) {
    return Math.min(error.retryAfter * 1000, MAX_RETRY_DELAY_MS);
  }
  return Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

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
