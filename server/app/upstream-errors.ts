// Upstream error answers re-emitted in our own vocabulary: `{ error: { code, message,
// details } }` and nothing else. An upstream body can hold anything (a stack trace, a database
// URL, a file path), so the browser never sees it raw: the code follows the status (or the
// upstream's code when it is one of ours and agrees with the status), 5xx messages are ours,
// 4xx messages pass only when they look like a one-line parameter rule, and details keep only
// the documented small members.
import { ERROR_STATUS, ServiceError, type ErrorCode } from '../contract/errors';

/** Upstream statuses that are error answers of the contract (others are odd: 502). */
export const UPSTREAM_ERROR_STATUSES: ReadonlySet<number> = new Set([
  400, 401, 403, 404, 405, 413, 422, 429, 500, 502, 503, 504,
]);

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_parameter',
  401: 'unauthorized',
  403: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  422: 'maxcount_exceeded',
  429: 'rate_limited',
};

// Members of `details` (and maxcount's counts) the contract documents; all small values.
const DETAIL_KEYS = ['parameter', 'path', 'limit', 'retryAfter', 'locationcount', 'maxcount'];

// Stack frames, URLs (with or without a scheme), user@host, host:port, file paths, source
// files, exception words, errno codes: anything an operator's internals would show.
const LEAKY: readonly RegExp[] = [
  /:\/\/|@/,
  /\bat\s+\S+\s+\(|\bat\s+\S*:\d+/,
  /\b[\w-]+(\.[\w-]+)+:\d+/,
  /[A-Za-z]:\\|(^|[\s"'(=:])\.{0,2}\/[\w.-]+\//,
  /\.(js|ts|mjs|cjs|py|java|rb|go|php)\b/i,
  /error:|exception|traceback|errno|password|secret|token/i,
  /\bE[A-Z]{4,}\b/,
];

/** The text when it is a short single-line rule with nothing internal in it, else null. */
export function safeUpstreamText(text: unknown, maxLength = 200): string | null {
  if (typeof text !== 'string') return null;
  const t = text.trim();
  if (!t || t.length > maxLength) return null;
  // Any control character means several lines: the shape of a stack trace.
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f]/.test(t)) return null;
  return LEAKY.some((pattern) => pattern.test(t)) ? null : t;
}

function safeDetails(source: Record<string, unknown>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const key of DETAIL_KEYS) {
    const value = source[key];
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
    else if (typeof value === 'string' && safeUpstreamText(value, 80)) out[key] = value;
  }
  return Object.keys(out).length ? out : undefined;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Whole seconds from a Retry-After value (seconds or an HTTP date), within 1 s .. 1 h. */
export function sanitizeRetryAfter(value: string | null, now = Date.now(), fallback = 30): number {
  const text = value?.trim() ?? '';
  let seconds = Number.NaN;
  if (/^\d{1,10}$/.test(text)) seconds = Number(text);
  else if (text && Number.isFinite(Date.parse(text))) seconds = (Date.parse(text) - now) / 1000;
  if (!Number.isFinite(seconds)) seconds = fallback;
  return Math.min(3600, Math.max(1, Math.ceil(seconds)));
}

const GENERIC: Partial<Record<ErrorCode, string>> = {
  invalid_parameter: 'the upstream service refused the request as invalid',
  invalid_geojson: 'the upstream service refused the area as invalid GeoJSON',
  unauthorized: 'the upstream service refused the app server\u2019s credentials',
  unknown_vintage: 'the upstream service does not know that vintage',
  not_found: 'the upstream service has no such resource',
  method_not_allowed: 'the upstream service does not allow that method here',
  payload_too_large: 'the upstream service refused the request as too large',
  maxcount_exceeded: 'the upstream service refused the area as holding too many locations',
};

/** Our error for an upstream error answer (status in UPSTREAM_ERROR_STATUSES). */
export function reemitUpstreamError(
  status: number,
  body: unknown,
  retryAfterHeader: string | null,
): ServiceError {
  if (status === 504)
    return new ServiceError('upstream_timeout', 'the upstream service timed out (504)');
  if (status >= 500)
    return new ServiceError('upstream_unavailable', `the upstream service failed (${status})`);
  if (status === 429) {
    const retryAfter = sanitizeRetryAfter(retryAfterHeader);
    return new ServiceError(
      'rate_limited',
      `the upstream service's rate limit is reached; retry after ${retryAfter} s`,
      { retryAfter },
      { 'Retry-After': String(retryAfter) },
    );
  }
  const error = record(record(body).error);
  const byStatus = CODE_BY_STATUS[status] ?? 'invalid_parameter';
  const theirs = typeof error.code === 'string' ? error.code : '';
  // Their code only when it is ours and means the same status (unknown_vintage for a 404).
  const code =
    theirs in ERROR_STATUS && ERROR_STATUS[theirs as ErrorCode] === ERROR_STATUS[byStatus]
      ? (theirs as ErrorCode)
      : byStatus;
  const message =
    (code === 'unauthorized' ? null : safeUpstreamText(error.message)) ??
    GENERIC[code] ??
    `the upstream service refused the request (${status})`;
  // maxcount_exceeded's counts may sit in details, beside code, or at the top level.
  const top = { ...record(body), ...error };
  const details = safeDetails({
    locationcount: top.locationcount,
    maxcount: top.maxcount,
    ...record(error.details),
  });
  const counts =
    code === 'maxcount_exceeded' && details && 'locationcount' in details && 'maxcount' in details
      ? { locationcount: details.locationcount, maxcount: details.maxcount }
      : undefined;
  return new ServiceError(code, message, details, undefined, counts);
}
