// When a failed request is worth asking again, and after how long: the app's queries (through
// their QueryClient) and the chunked runs of src/pipelines/ follow the same policy.
import { isAbortError, isApiError } from './api-error';

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
