// The upstream backend: forwards the operations of docs/SERVICE.md (and nothing else) to the real
// service, adding the token the server holds. The browser's own credentials never pass: only
// the contract's query parameters and the body go out. What comes back is treated as hostile:
// read with a byte cap, checked, re-emitted in our error vocabulary (upstream-answer.ts).
import { NO_VIEWS } from '../../shared/capabilities';
import { createHash } from 'node:crypto';
import { readBodyCapped } from '../contract/body';
import { ServiceError, errorFetchResponse } from '../contract/errors';
import { findOperation, type OperationDef } from '../contract/operations';
import { encodedPathError } from '../contract/plain-path';
import type { Backend } from './backend';
import { clientRateLimit } from './client-rate-limit';
import type { LineLogger } from '../node-http/log-lines';
import { LruCache, type LruLimits } from './lru-cache';
import { errorAnswer, upstreamAnswer, type UpstreamAnswer } from './upstream-answer';
import { DEFAULT_UPSTREAM_MAX_BYTES, UpstreamTooLarge } from './upstream-body';
import { forwardableQuery } from './upstream-params';

export interface UpstreamOptions {
  url: string;
  token: string;
  /** token_type of coverage operations (fabric ones always say Bearer). */
  tokenType: string;
  auth: 'bearer' | 'apikey';
  timeoutMs?: number;
  cache?: Partial<LruLimits>;
  /** Largest upstream answer body read (UPSTREAM_MAX_BYTES); past it, 502. */
  maxBytes?: number;
  /** Requests a minute per client address (APP_RATE_LIMIT); null or absent for none. */
  clientRateLimit?: number | null;
  /**
   * Where upstream failures are reported for the operator (never with headers or queries),
   * each with the request it is about.
   */
  log?: LineLogger;
  now?: () => number;
}

const DEFAULT_CACHE: LruLimits = {
  maxEntries: 2000,
  maxBytes: 64 * 1024 * 1024,
  ttlMs: 3_600_000,
};

/** "ECONNREFUSED", "ENOTFOUND", ...: what an operator needs to fix the connection. */
function failureCause(err: unknown): string {
  const cause = err instanceof Error ? err.cause : undefined;
  if (cause instanceof Error)
    return 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message;
  return err instanceof Error ? err.message : String(err);
}

function authHeaders(op: OperationDef, opts: UpstreamOptions): Record<string, string> {
  if (opts.auth === 'apikey') return { apikey: opts.token };
  const scheme = op.area === 'coverage' ? opts.tokenType : 'Bearer';
  return { authorization: `${scheme} ${opts.token}` };
}

function toResponse(answer: UpstreamAnswer, cache: 'hit' | 'miss' | null): Response {
  const headers = new Headers(answer.headers);
  if (cache) headers.set('x-cache', cache);
  // A copy: a cached body must not be handed to a stream that may transfer it.
  return new Response(answer.body.slice(), { status: answer.status, headers });
}

export function createUpstreamBackend(opts: UpstreamOptions): Backend {
  const base = new URL(opts.url);
  const basePath = base.pathname.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxBytes = opts.maxBytes ?? DEFAULT_UPSTREAM_MAX_BYTES;
  const now = opts.now ?? Date.now;
  const cache = new LruCache<UpstreamAnswer>(
    { ...DEFAULT_CACHE, ...opts.cache },
    (a) => a.body.byteLength + 256,
    now,
  );
  // After an upstream 429, further calls would only spend the token's standing: answer them
  // here until its Retry-After has passed.
  let throttledUntil = 0;

  function failure(err: unknown, midAnswer: boolean): UpstreamAnswer {
    if (err instanceof UpstreamTooLarge) {
      const e = new ServiceError(
        'upstream_unavailable',
        `the upstream answer is larger than ${err.limit} bytes (UPSTREAM_MAX_BYTES)`,
        { limit: err.limit },
      );
      return errorAnswer(e, `answer larger than ${err.limit} bytes`);
    }
    const timedOut =
      err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    if (timedOut) {
      const e = new ServiceError(
        'upstream_timeout',
        `the upstream service did not answer within ${timeoutMs} ms`,
      );
      return errorAnswer(e, `no answer within ${timeoutMs} ms`);
    }
    if (midAnswer) {
      const e = new ServiceError('upstream_unavailable', 'the upstream answer broke off');
      return errorAnswer(e, `answer broke off (${failureCause(err)})`);
    }
    const e = new ServiceError('upstream_unavailable', 'the upstream service is unreachable');
    return errorAnswer(e, `unreachable (${failureCause(err)})`);
  }

  async function forward(op: OperationDef, target: string, body: Uint8Array | undefined) {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...authHeaders(op, opts),
    };
    if (body) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(target, {
        method: op.method,
        headers,
        // A fresh ArrayBuffer-backed view: fetch's BodyInit doesn't take a shared-buffer view.
        ...(body ? { body: new Uint8Array(body) } : {}),
        redirect: 'manual',
        // Covers the body too: a trickling answer is cut at the same deadline.
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      return failure(err, false);
    }
    try {
      return await upstreamAnswer(op, res, maxBytes);
    } catch (err) {
      return failure(err, true);
    }
  }

  async function handle(request: Request): Promise<Response> {
    const incoming = new URL(request.url);
    // The service's own rule, so an encoded path is the same 400 in either mode.
    const encoded = encodedPathError(incoming.pathname);
    if (encoded) return errorFetchResponse(encoded);
    const op = findOperation(request.method, incoming.pathname);
    if (!op) {
      return errorFetchResponse(
        new ServiceError('not_found', `no operation at ${request.method} ${incoming.pathname}`),
      );
    }
    const query = forwardableQuery(op, incoming.searchParams);
    if (query instanceof ServiceError) return errorFetchResponse(query);
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

    const wait = Math.ceil((throttledUntil - now()) / 1000);
    if (wait > 0) {
      return errorFetchResponse(
        new ServiceError(
          'rate_limited',
          `the upstream service's rate limit is reached; retry after ${wait} s`,
          { retryAfter: wait },
          { 'Retry-After': String(wait) },
        ),
      );
    }
    const answer = await forward(op, target, body);
    if (answer.problem)
      opts.log?.(`upstream ${op.name} at ${base.host}: ${answer.problem}`, request);
    if (answer.status === 429) {
      const seconds = Number(
        answer.headers.find(([n]) => n.toLowerCase() === 'retry-after')?.[1] ?? 0,
      );
      throttledUntil = now() + seconds * 1000;
    }
    if (key && answer.valid) cache.set(key, answer);
    return toResponse(answer, key ? 'miss' : null);
  }

  return {
    kind: base.host,
    label: base.host,
    // The real service publishes none of this project's own views.
    capabilities: { data: { kind: 'upstream', host: base.host }, views: NO_VIEWS },
    handle,
    upstreamOperation: (method, url) => findOperation(method, url.pathname),
    ...(opts.clientRateLimit ? { guard: clientRateLimit(opts.clientRateLimit, now) } : {}),
  };
}
