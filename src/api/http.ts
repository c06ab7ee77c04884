// The fetch wrapper every operation goes through: builds the URL under the API base, sends
// JSON, turns the service's `{"error":{...}}` bodies and network failures into ApiError, and
// parses every answer with zod so a shape change surfaces as one clear error.
import * as z from '../../shared/zod';
import { env } from '../config/env';
import { ApiError, NETWORK_MESSAGE } from './api-error';
import { goToSignIn } from './sign-in-redirect';

let apiBase = env.VITE_API_BASE;

/** Tests (and a runtime setting) point the client elsewhere, e.g. at a service on a free port. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

export function getApiBase(): string {
  return apiBase;
}

/**
 * An absolute URL of an API path, for MapLibre sources: MapLibre fetches tiles from a worker,
 * so a relative API base is made absolute against the page.
 */
export function absoluteApiUrl(path: string): string {
  const base = getApiBase();
  if (/^https?:\/\//.test(base) || typeof window === 'undefined') return `${base}${path}`;
  return `${window.location.origin}${base}${path}`;
}

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestSpec<T> {
  /** Name of the operation for messages, e.g. "locate". */
  operation: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the API base, starting with "/". */
  path: string;
  /** What the path is below when it is not the API (the app server's own boundaries). */
  base?: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  schema: z.core.$ZodType<T>;
}

/** Absent values are left out; arrays become the comma-separated lists the service reads. */
export function buildUrl(
  path: string,
  query?: Record<string, QueryValue>,
  base: string = apiBase,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

export async function request<T>(spec: RequestSpec<T>): Promise<T> {
  const { operation, method = 'GET', body, signal } = spec;
  let response: Response;
  try {
    response = await fetch(buildUrl(spec.path, spec.query, spec.base), {
      method,
      signal,
      headers: body === undefined ? { accept: 'application/json' } : jsonHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    // A cancelled request is the caller's decision, not a failure: let the abort through.
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network', message: NETWORK_MESSAGE, operation });
  }

  const text = await readText(response, signal, operation);
  if (!response.ok) {
    const error = errorFromResponse(response, text, operation);
    if (error.code === 'unauthenticated') goToSignIn();
    throw error;
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badResponse(response.status, operation, 'The answer is not JSON.');
  }
  const parsed = z.safeParse(spec.schema, json);
  if (!parsed.success) throw badResponse(response.status, operation, z.prettifyError(parsed.error));
  return parsed.data;
}

const jsonHeaders = { accept: 'application/json', 'content-type': 'application/json' };

async function readText(response: Response, signal: AbortSignal | undefined, operation: string) {
  try {
    return await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      status: response.status,
      code: 'network',
      message: NETWORK_MESSAGE,
      operation,
    });
  }
}

function badResponse(status: number, operation: string, problem: string): ApiError {
  return new ApiError({
    status,
    code: 'bad_response',
    message: `The service sent an unexpected answer to ${operation}.`,
    operation,
    details: { problem },
  });
}

const errorBodySchema = z.object({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.record(z.string(), z.unknown())),
  }),
});

// Used when an error status carries no service error body (a proxy page, an empty body).
const STATUS_CODES: Record<number, string> = {
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  429: 'rate_limited',
  500: 'internal',
  502: 'upstream_unavailable',
  504: 'upstream_timeout',
};

/** Service messages are terse ("neardistancem must be at most 100"); people read sentences. */
function asSentence(message: string): string {
  const text = message.trim();
  if (!text) return text;
  const capital = text[0]!.toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

export function errorFromResponse(response: Response, text: string, operation: string): ApiError {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = errorBodySchema.safeParse(json);
  if (parsed.success) {
    const { code, message, details, ...rest } = parsed.data.error;
    // Some services put extra facts (e.g. locationcount, maxcount) beside code/message.
    const extra = Object.keys(rest).length > 0 ? rest : undefined;
    return new ApiError({
      status: response.status,
      code,
      message: asSentence(message),
      operation,
      details: details || extra ? { ...extra, ...details } : undefined,
      retryAfter,
    });
  }
  return new ApiError({
    status: response.status,
    code: STATUS_CODES[response.status] ?? 'http_error',
    message: `The service answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''} to ${operation}.`,
    operation,
    retryAfter,
  });
}

/** Retry-After is either delay-seconds or an HTTP date; both become seconds from now. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
