// The one error type every client operation throws (apart from a caller's own abort), so
// panels can show a message and the retry policy can read status and Retry-After.

export type ApiErrorCode =
  | 'invalid_parameter'
  | 'invalid_geojson'
  | 'unauthorized'
  | 'unknown_vintage'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'maxcount_exceeded'
  | 'rate_limited'
  | 'internal'
  | 'upstream_unavailable'
  | 'upstream_timeout'
  /** The service could not be reached at all (no HTTP status). */
  | 'network'
  /** The service answered, but not in the shape this client expects. */
  | 'bad_response'
  /** An error status without a parsable error body. */
  | 'http_error'
  // Codes a newer service may add still arrive as strings.
  | (string & {});

export interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message: string;
  operation: string;
  details?: Record<string, unknown>;
  retryAfter?: number;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, 0 when no answer arrived. */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The client operation, e.g. "locate", so a message can say what failed. */
  readonly operation: string;
  readonly details?: Record<string, unknown>;
  /** Seconds to wait before trying again, from a 429's Retry-After. */
  readonly retryAfter?: number;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.operation = init.operation;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A fetch that the caller (or TanStack Query) cancelled; never shown as an error. */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

export const NETWORK_MESSAGE = 'Could not reach the service. Check your connection and try again.';
