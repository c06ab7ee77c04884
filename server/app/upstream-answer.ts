// An upstream answer turned into what the browser may see. A 200 passes only when its body is
// what the operation answers (JSON, a schema for cached operations, bytes for tiles); the
// contract's error statuses are re-emitted in our vocabulary; any other status (1xx, 204,
// 3xx, 304, 999, ...) is a 502. Bodies are read with a byte cap in every case.
import * as z from '../../shared/zod';
import { ServiceError } from '../contract/errors';
import type { OperationDef } from '../contract/operations';
import { discardBody, readUpstreamBody } from './upstream-body';
import { UPSTREAM_ERROR_STATUSES, reemitUpstreamError } from './upstream-errors';
import { UPSTREAM_OPERATIONS } from './upstream-params';

export interface UpstreamAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  /** A 200 that passed its checks: the only kind the cache may keep. */
  valid: boolean;
  /** What went wrong, for the operator's log (never for the browser). */
  problem?: string;
}

// Error bodies are a few hundred bytes; anything longer is not one we would re-emit anyway.
const ERROR_BODY_LIMIT = 64 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';
const TILE_TYPES = /^application\/(x-protobuf|vnd\.mapbox-vector-tile|octet-stream)\s*(;|$)/i;

// Validators of cached answers, kept from upstream only when short and printable.
const PASS_HEADERS = ['cache-control', 'etag', 'last-modified'];

export function errorAnswer(err: ServiceError, problem?: string): UpstreamAnswer {
  return {
    status: err.status,
    headers: [['content-type', JSON_TYPE], ...Object.entries(err.headers ?? {})],
    body: new TextEncoder().encode(JSON.stringify(err.body())),
    valid: false,
    ...(problem ? { problem } : {}),
  };
}

function parseJson(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch {
    return { ok: false };
  }
}

function passedHeaders(res: Response): [string, string][] {
  const out: [string, string][] = [];
  for (const name of PASS_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null && value.length <= 200 && /^[\x20-\x7e]*$/.test(value))
      out.push([name, value]);
  }
  return out;
}

function invalid(op: OperationDef, problem: string): UpstreamAnswer {
  const err = new ServiceError(
    'upstream_unavailable',
    `upstream answered an invalid ${op.name} answer`,
  );
  return errorAnswer(err, problem);
}

async function okAnswer(op: OperationDef, res: Response, maxBytes: number) {
  const body = await readUpstreamBody(res, maxBytes);
  const kind = UPSTREAM_OPERATIONS[op.name]?.answer ?? 'json';
  if (kind === 'binary') {
    const type = res.headers.get('content-type') ?? '';
    const headers: [string, string][] = [
      ['content-type', TILE_TYPES.test(type) ? type : 'application/octet-stream'],
      ...passedHeaders(res),
    ];
    return { status: 200, headers, body, valid: true };
  }
  const parsed = parseJson(body);
  if (!parsed.ok) return invalid(op, `answered 200 with a body that is not JSON`);
  if (kind !== 'json') {
    const checked = z.safeParse(kind, parsed.value);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const where = issue?.path.join('.') || 'the answer';
      return invalid(op, `answered 200 with an invalid body (${where}: ${issue?.code ?? '?'})`);
    }
  }
  // Our own content type: the body was checked to be JSON, whatever the upstream called it.
  const headers: [string, string][] = [['content-type', JSON_TYPE], ...passedHeaders(res)];
  return { status: 200, headers, body, valid: true };
}

/** The answer for the browser. Throws UpstreamTooLarge and the body stream's own errors. */
export async function upstreamAnswer(
  op: OperationDef,
  res: Response,
  maxBytes: number,
): Promise<UpstreamAnswer> {
  if (res.status === 200) return okAnswer(op, res, maxBytes);
  if (!UPSTREAM_ERROR_STATUSES.has(res.status)) {
    await discardBody(res);
    const err = new ServiceError(
      'upstream_unavailable',
      `the upstream service answered an unexpected status (${res.status})`,
    );
    return errorAnswer(err, `answered an unexpected status ${res.status}`);
  }
  const bytes = await readUpstreamBody(res, ERROR_BODY_LIMIT).catch(() => new Uint8Array(0));
  const parsed = parseJson(bytes);
  const err = reemitUpstreamError(
    res.status,
    parsed.ok ? parsed.value : undefined,
    res.headers.get('retry-after'),
  );
  // Failures and refusals of the server's own token are the operator's to know about.
  const operatorsConcern = res.status >= 500 || [401, 403, 429].includes(res.status);
  return errorAnswer(err, operatorsConcern ? `answered ${res.status}` : undefined);
}
