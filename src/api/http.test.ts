// The fetch wrapper's error handling, with fetch replaced so no network is involved.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from '../../shared/zod';
import { ApiError, NETWORK_MESSAGE } from './api-error';
import { buildUrl, errorFromResponse, parseRetryAfter, request, setApiBase } from './http';

function respond(body: string, init: ResponseInit = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, init)),
  );
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const numbers = z.array(z.number());

describe('request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiBase('/api');
  });

  it('builds URLs under the base, joining lists and dropping absent values', () => {
    setApiBase('http://127.0.0.1:9/api/');
    expect(
      buildUrl('/fabricext/202406/summarize', { field: ['a', 'b'], nocat: undefined, x: null }),
    ).toBe('http://127.0.0.1:9/api/fabricext/202406/summarize?field=a%2Cb');
  });

  it('returns the parsed body', async () => {
    respond('[1,2]', { status: 200 });
    await expect(request({ operation: 'test', path: '/x', schema: numbers })).resolves.toEqual([
      1, 2,
    ]);
  });

  it('turns the service error body into ApiError fields', async () => {
    respond(
      JSON.stringify({
        error: {
          code: 'invalid_parameter',
          message: 'neardistancem must be at most 100',
          details: { parameter: 'neardistancem' },
        },
      }),
      { status: 400 },
    );
    const error = await caught(request({ operation: 'locate', path: '/x', schema: numbers }));
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_parameter',
      // Read by people: the service's terse message as a sentence.
      message: 'Neardistancem must be at most 100.',
      operation: 'locate',
      details: { parameter: 'neardistancem' },
    });
  });

  it('names the operation when the answer has the wrong shape', async () => {
    respond('{"not":"an array"}', { status: 200 });
    const error = await caught(request({ operation: 'history', path: '/x', schema: numbers }));
    expect(error.code).toBe('bad_response');
    expect(error.message).toContain('history');
  });

  it('calls a non-JSON success a bad response', async () => {
    respond('<html>', { status: 200 });
    expect((await caught(request({ operation: 'x', path: '/x', schema: numbers }))).code).toBe(
      'bad_response',
    );
  });

  it('gives a clear message when the service cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    const error = await caught(request({ operation: 'locate', path: '/x', schema: numbers }));
    expect(error).toMatchObject({ status: 0, code: 'network', message: NETWORK_MESSAGE });
  });

  it('lets a caller abort through as an abort, not an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ),
    );
    const controller = new AbortController();
    const pending = request({
      operation: 'x',
      path: '/x',
      schema: numbers,
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('errorFromResponse', () => {
  it('keeps counts placed beside code and message, and Retry-After', () => {
    const response = new Response(null, { status: 422, headers: { 'retry-after': '3' } });
    const error = errorFromResponse(
      response,
      JSON.stringify({
        error: {
          code: 'maxcount_exceeded',
          message: 'too many',
          locationcount: 60000,
          maxcount: 50000,
        },
      }),
      'summarize',
    );
    expect(error).toMatchObject({
      code: 'maxcount_exceeded',
      details: { locationcount: 60000, maxcount: 50000 },
      retryAfter: 3,
    });
  });

  it('derives a code from the status when the body is not a service error', () => {
    const error = errorFromResponse(
      new Response(null, { status: 502, statusText: 'Bad Gateway' }),
      '<html>',
      'locate',
    );
    expect(error).toMatchObject({ status: 502, code: 'upstream_unavailable', operation: 'locate' });
    expect(error.message).toBe('The service answered 502 Bad Gateway to locate.');
    expect(errorFromResponse(new Response(null, { status: 418 }), '', 'x').code).toBe('http_error');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7')).toBe(7);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
