// The service's error vocabulary (docs/SERVICE.md, "Errors"): every failure leaves as
// {"error":{"code","message","details"?}} with the status its code implies.
import type { Context } from 'hono';

export const ERROR_STATUS = {
  invalid_parameter: 400,
  invalid_geojson: 400,
  unauthorized: 401,
  unknown_vintage: 404,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  maxcount_exceeded: 422,
  area_too_complex: 422,
  rate_limited: 429,
  internal: 500,
  upstream_unavailable: 502,
  // A worker's queue is full (with Retry-After), or a request ran past the time one may run.
  service_busy: 503,
  work_timeout: 503,
  // The store's database cannot be reached now (with Retry-After): down, restarting, stalled.
  store_unavailable: 503,
  upstream_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
  [extra: string]: unknown;
}

/** Thrown anywhere in a request; the app's onError turns it into the JSON body. */
export class ServiceError extends Error {
  readonly status: ErrorStatus;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
    /** Extra members placed beside code/message (maxcount_exceeded's counts). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ServiceError';
    this.status = ERROR_STATUS[code];
  }

  body(): ErrorBody {
    const error: ErrorBody['error'] & Record<string, unknown> = {
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
      ...this.extra,
    };
    return { error, ...this.extra };
  }
}

export function invalidParameter(parameter: string, message: string): ServiceError {
  return new ServiceError('invalid_parameter', message, { parameter });
}

export function errorResponse(c: Context, err: ServiceError): Response {
  for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
  return c.json(err.body(), err.status);
}

/** A Response carrying an error body, for code outside a Hono context (the proxy). */
export function errorFetchResponse(err: ServiceError): Response {
  return new Response(JSON.stringify(err.body()), {
    status: err.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...err.headers },
  });
}
