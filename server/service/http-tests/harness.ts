// The service on a real loopback port for HTTP-level tests: the fixture fabric in the store STORE
// names (memory by default; `postgis`: imported into a private cluster, see
// store/contract/testing/fixture-store.ts), started on a free port and stopped by the test that
// started it, built as `npm run service` builds it (startStandaloneService) but with the hot
// path off unless asked.
import { afterAll, beforeAll, expect } from 'vitest';
import { defaultLimits } from '../../config/server-env';
import type { ServiceDeps } from '../app';
import type { LocateFastPath } from '../http/locate-fast-path';
import { startStandaloneService } from '../standalone-server';
import { fixtureStore } from '../store/contract/testing/fixture-store';
import type { Store } from '../store/store';

export const TOKEN = 'test-token';
export const CURRENT = '202506';

export interface RunningService {
  url: string;
  store: Store;
  /** Internal errors the app logged (a 500 should never happen; tests assert this stays empty). */
  logged: string[];
  /** The locate hot path, when the service was started with it. */
  fastPath?: LocateFastPath | null;
  close(): Promise<void>;
}

export async function startService(
  overrides: Partial<Omit<ServiceDeps, 'logError'>> = {},
  opts: { locateFastPath?: boolean } = {},
): Promise<RunningService> {
  const store = overrides.store ?? (await fixtureStore());
  const logged: string[] = [];
  const service = await startStandaloneService({
    tokens: [TOKEN],
    ...overrides,
    store,
    logError: (m) => logged.push(m),
    port: 0,
    host: '127.0.0.1',
    limits: defaultLimits(),
    locateFastPath: opts.locateFastPath ?? false,
  });
  const close = async () => {
    await service.close();
    // A store the caller passed is the caller's to close.
    if (!overrides.store) await store.close();
  };
  return { url: service.url, store, logged, fastPath: service.fastPath, close };
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A JSON value (stringified) or raw text. */
  body?: unknown;
  raw?: string;
  /** Leave the default token out. */
  noAuth?: boolean;
}

/** One request with the test token (unless told not to); the body parsed as JSON. */
export async function call(
  base: string,
  path: string,
  opts: CallOptions = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = opts.noAuth ? {} : { Authorization: `Bearer ${TOKEN}` };
  Object.assign(headers, opts.headers);
  let body: string | undefined = opts.raw;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const send = () =>
    fetch(base + path, {
      method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
    });
  // A kept-alive connection the server closes as idle just as a request goes out on it is reset
  // (a race of the two idle timers that a busy machine's late timers widen); fetch retries only
  // idempotent methods, so a PATCH or POST is sent again once here. A server that resets every
  // connection still fails the second time.
  const res = await send().catch((err: Error) => {
    if ((err.cause as { code?: string } | undefined)?.code !== 'ECONNRESET') throw err;
    return send();
  });
  const text = await res.text();
  let parsed: unknown = text;
  if (text && (res.headers.get('content-type') ?? '').includes('json'))
    parsed = JSON.parse(text) as unknown;
  return { status: res.status, headers: res.headers, body: parsed };
}

/** The error body every failure must carry: `{"error":{"code","message","details"?}}`. */
export function errorOf(body: unknown): {
  code: string;
  message: string;
  details?: Record<string, unknown>;
} {
  if (typeof body !== 'object' || body === null || !('error' in body)) {
    throw new Error(`not an error body: ${JSON.stringify(body).slice(0, 200)}`);
  }
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) throw new Error('error is not an object');
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string' || message.length === 0) {
    throw new Error(`error body without code/message: ${JSON.stringify(body).slice(0, 200)}`);
  }
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

/** An expected refusal: request path and body (a string is sent raw), status, code, words of the message. */
export type ErrorCase = [
  name: string,
  path: string,
  body: unknown,
  status: number,
  code: string,
  mentions: string[],
];

export async function expectErrorCase(
  base: string,
  [, path, body, status, code, mentions]: ErrorCase,
) {
  const res = await call(
    base,
    path,
    typeof body === 'string' ? { raw: body, method: 'POST' } : { body },
  );
  const error = errorOf(res.body);
  expect({ status: res.status, code: error.code }).toEqual({ status, code });
  for (const m of mentions) expect(error.message).toContain(m);
  // No stack traces in bodies.
  expect(JSON.stringify(res.body)).not.toMatch(/\bat .+:\d+:\d+/);
}

/**
 * One service for the calling test file: started before its tests, closed after them, and
 * checked to have logged no internal error. Its members are read once the tests run.
 */
export function serviceForFile(): RunningService {
  let running: RunningService | undefined;
  beforeAll(async () => {
    running = await startService();
  });
  afterAll(async () => {
    expect(running?.logged).toEqual([]);
    await running?.close();
  });
  const get = (): RunningService => {
    if (!running) throw new Error('the service starts in beforeAll');
    return running;
  };
  return {
    get url() {
      return get().url;
    },
    get store() {
      return get().store;
    },
    get logged() {
      return get().logged;
    },
    close: () => get().close(),
  };
}
