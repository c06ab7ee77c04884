import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { retryDelay, shouldRetry } from '../api/retry-policy';
import { createQueryClient } from './query-client';

const apiError = (status: number, code: string, retryAfter?: number) =>
  new ApiError({ status, code, message: 'm', operation: 'op', retryAfter });

describe('retry policy', () => {
  it('does not retry 4xx answers', () => {
    for (const [status, code] of [
      [400, 'invalid_parameter'],
      [401, 'unauthorized'],
      [404, 'unknown_vintage'],
      [413, 'payload_too_large'],
      [422, 'maxcount_exceeded'],
    ] as const) {
      expect(shouldRetry(0, apiError(status, code))).toBe(false);
    }
  });

  it('retries 429, 5xx and network failures at most twice', () => {
    for (const error of [
      apiError(429, 'rate_limited'),
      apiError(500, 'internal'),
      apiError(0, 'network'),
      new Error('x'),
    ]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(false);
    }
  });

  it('does not retry a malformed answer or an abort', () => {
    expect(shouldRetry(0, apiError(200, 'bad_response'))).toBe(false);
    expect(shouldRetry(0, new DOMException('aborted', 'AbortError'))).toBe(false);
  });

  it('waits as long as Retry-After says on 429', () => {
    expect(retryDelay(0, apiError(429, 'rate_limited', 5))).toBe(5000);
    expect(retryDelay(1, apiError(429, 'rate_limited', 0))).toBe(0);
    expect(retryDelay(0, apiError(429, 'rate_limited', 3600))).toBe(30_000);
  });

  it('backs off exponentially otherwise', () => {
    expect(retryDelay(0, apiError(500, 'internal'))).toBe(1000);
    expect(retryDelay(1, apiError(500, 'internal'))).toBe(2000);
  });

  it('is the default of the app query client', () => {
    const options = createQueryClient().getDefaultOptions().queries;
    expect(options?.retry).toBe(shouldRetry);
    expect(options?.retryDelay).toBe(retryDelay);
  });
});
