// The upstream backend: forwards the operations of SERVICE.md (and nothing else) to the real
// service, adding the token the server holds. The browser's own credentials never pass:
// only a few safe headers are copied.
import { createHash } from 'node:crypto';
import { readBodyCapped } from '../service/http/body';
import { ServiceError, errorFetchResponse, type ErrorCode } from '../service/http/errors';
import { findOperation, type OperationDef } from '../service/http/operations';
import type { Backend } from './backend';
import { LruCache } from './lru-cache';

export interface UpstreamOptions {
  url: string;
  token: string;
  /** token_type of coverage operations (fabric ones always say Bearer). */
  tokenType: string;
  auth: 'bearer' | 'apikey';
  timeoutMs?: number;
  cache?: { maxEntries: number; ttlMs: number };
  /** Where upstream failures are reported for the operator (never with headers or queries). */
  log?: (line: string) => void;
}

/** "ECONNREFUSED", "ENOTFOUND", ...: what an operator needs to fix the connection. */
function failureCause(err: unknown): string {
  const cause = err instanceof Error ? err.cause : undefined;
  if (cause instanceof Error)
    return 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message;
  return err instanceof Error ? err.message : String(err);
}

interface CachedAnswer {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}

// Headers copied from the upstream answer; hop-by-hop ones and cookies stay behind.
const PASS_RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'retry-after',
  'etag',
  'last-modified',
];

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

function authHeaders(op: OperationDef, opts: UpstreamOptions): Record<string, string> {
  if (opts.auth === 'apikey') return { apikey: opts.token };
  const scheme = op.area === 'coverage' ? opts.tokenType : 'Bearer';
  return { authorization: `${scheme} ${opts.token}` };
}

/** Upstream errors that aren't JSON (a gateway's HTML page) become our error body. */
async function normalised(res: Response): Promise<CachedAnswer> {
  const body = await res.arrayBuffer();
  const headers: [string, string][] = [];
  for (const name of PASS_RESPONSE_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) headers.push([name, value]);
  }
  const type = res.headers.get('content-type') ?? '';
  if (res.status >= 400 && !type.includes('json')) {
    const code =
      CODE_BY_STATUS[res.status] ??
      (res.status >= 500 ? 'upstream_unavailable' : 'invalid_parameter');
    const err = new ServiceError(code, `upstream answered ${res.status}`);
    const retry = res.headers.get('retry-after');
    const out = errorFetchResponse(err);
    return {
      status: res.status >= 500 ? 502 : res.status,
      headers: [
        ['content-type', 'application/json; charset=utf-8'],
        ...(retry ? [['retry-after', retry] as [string, string]] : []),
      ],
      body: await out.arrayBuffer(),
    };
  }
  return { status: res.status, headers, body };
}

function toResponse(answer: CachedAnswer, cache: 'hit' | 'miss' | null): Response {
  const headers = new Headers(answer.headers);
  if (cache) headers.set('x-cache', cache);
  return new Response(answer.body.slice(0), { status: answer.status, headers });
}

export function createUpstreamBackend(opts: UpstreamOptions): Backend {
  const base = new URL(opts.url);
  const basePath = base.pathname.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const cache = new LruCache<CachedAnswer>(
    opts.cache?.maxEntries ?? 2000,
    opts.cache?.ttlMs ?? 3_600_000,
  );

  async function handle(request: Request): Promise<Response> {
    const incoming = new URL(request.url);
    const op = findOperation(request.method, incoming.pathname);
    if (!op) {
      return errorFetchResponse(
        new ServiceError('not_found', `no operation at ${request.method} ${incoming.pathname}`),
      );
    }
    // Re-encode the query from its parsed form so nothing odd reaches the upstream verbatim.
    const query = new URLSearchParams();
    for (const [k, v] of incoming.searchParams) query.append(k, v);
    const qs = query.toString();
    const target = `${base.origin}${basePath}${incoming.pathname}${qs ? `?${qs}` : ''}`;

    let body: Uint8Array | undefined;
    try {
      body = op.method === 'POST' ? await readBodyCapped(request) : undefined;
    } catch (err) {
      if (err instanceof ServiceError) return errorFetchResponse(err);
      throw err;
    }
    const key = op.cacheable
      ? `${op.method} ${incoming.pathname}?${qs} ${body ? createHash('sha256').update(body).digest('hex') : ''}`
      : null;
    const cached = key ? cache.get(key) : undefined;
    if (cached) return toResponse(cached, 'hit');

    const headers: Record<string, string> = {
      accept: 'application/json',
      ...authHeaders(op, opts),
    };
    if (body) headers['content-type'] = 'application/json';
    let answer: CachedAnswer;
    try {
      const res = await fetch(target, {
        method: op.method,
        headers,
        // A fresh ArrayBuffer-backed view: fetch's BodyInit doesn't take a shared-buffer view.
        ...(body ? { body: new Uint8Array(body) } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      answer = await normalised(res);
    } catch (err) {
      const timedOut =
        err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      opts.log?.(
        `upstream ${op.name} at ${base.host}: ${timedOut ? `no answer within ${timeoutMs} ms` : `unreachable (${failureCause(err)})`}`,
      );
      return errorFetchResponse(
        timedOut
          ? new ServiceError(
              'upstream_timeout',
              `the upstream service did not answer within ${timeoutMs} ms`,
            )
          : new ServiceError('upstream_unavailable', 'the upstream service is unreachable'),
      );
    }
    if (key && answer.status === 200) cache.set(key, answer);
    return toResponse(answer, key ? 'miss' : null);
  }

  return { kind: base.host, label: base.host, handle };
}
