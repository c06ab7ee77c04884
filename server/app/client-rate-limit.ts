// A request budget per client address on the app server's /api. In upstream mode every browser
// spends the one token the server holds, so without it one client can use the whole quota (or
// get the token throttled) for everyone. A sliding minute kept as seven 10-second counts per
// client: every request of the last 60 s is counted (never more than the budget in any minute,
// no double burst at a window edge), a request leaves the count 60-70 s after it was made, and
// memory stays a few numbers per client.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { ServiceError, errorFetchResponse } from '../contract/errors';
import type { Backend } from './backend';

const BUCKET_MS = 10_000;
const BUCKETS = 7;
// Past this many clients, idle ones are dropped, then the oldest: the map cannot grow without
// bound however many addresses (IPv6) a caller uses.
const MAX_CLIENTS = 10_000;

interface ClientCounts {
  /** Requests per 10-second bucket, indexed by bucket number modulo BUCKETS. */
  counts: number[];
  /** The bucket number of the last request seen. */
  last: number;
}

export class SlidingWindowLimiter {
  readonly #clients = new Map<string, ClientCounts>();

  constructor(
    readonly perMinute: number,
    readonly now: () => number = Date.now,
  ) {}

  /** 0 when the request is admitted (and counted), else the whole seconds to wait. */
  take(client: string): number {
    const t = this.now();
    const bucket = Math.floor(t / BUCKET_MS);
    let c = this.#clients.get(client);
    if (!c) {
      this.#makeRoom(bucket);
      c = { counts: Array.from({ length: BUCKETS }, () => 0), last: bucket };
      this.#clients.set(client, c);
    }
    // Buckets that have slid out since the last request start again from zero.
    for (let b = Math.max(c.last + 1, bucket - BUCKETS + 1); b <= bucket; b++)
      c.counts[b % BUCKETS] = 0;
    c.last = Math.max(c.last, bucket);
    const total = c.counts.reduce((sum, n) => sum + n, 0);
    if (total < this.perMinute) {
      c.counts[bucket % BUCKETS] = (c.counts[bucket % BUCKETS] ?? 0) + 1;
      return 0;
    }
    // The oldest buckets leave first: wait until enough of them have.
    let left = total;
    for (let b = bucket - BUCKETS + 1; b <= bucket; b++) {
      left -= c.counts[b % BUCKETS] ?? 0;
      if (left < this.perMinute) {
        const leavesAt = (b + BUCKETS) * BUCKET_MS;
        return Math.max(1, Math.ceil((leavesAt - t) / 1000));
      }
    }
    return Math.ceil((BUCKETS * BUCKET_MS) / 1000);
  }

  get clients(): number {
    return this.#clients.size;
  }

  #makeRoom(bucket: number): void {
    if (this.#clients.size < MAX_CLIENTS) return;
    for (const [key, c] of this.#clients) if (bucket - c.last >= BUCKETS) this.#clients.delete(key);
    for (const key of this.#clients.keys()) {
      if (this.#clients.size < MAX_CLIENTS) break;
      this.#clients.delete(key);
    }
  }
}

/** The socket's address (IPv4-mapped IPv6 folded), or "unknown" outside a Node server. */
export function clientAddress(c: Context): string {
  try {
    const address = getConnInfo(c).remote.address ?? 'unknown';
    return address.startsWith('::ffff:') ? address.slice(7) : address;
  } catch {
    return 'unknown';
  }
}

export function clientRateLimit(perMinute: number, now?: () => number): MiddlewareHandler {
  const limiter = new SlidingWindowLimiter(perMinute, now);
  return async (c, next) => {
    const retryAfter = limiter.take(clientAddress(c));
    if (retryAfter > 0) {
      return errorFetchResponse(
        new ServiceError(
          'rate_limited',
          `more than ${perMinute} requests per minute from this client (APP_RATE_LIMIT); retry after ${retryAfter} s`,
          { limit: perMinute, retryAfter },
          { 'Retry-After': String(retryAfter) },
        ),
      );
    }
    await next();
  };
}

/** The backend with a per-client budget in front of it (none when perMinute is null). */
export function withClientRateLimit(backend: Backend, perMinute: number | null): Backend {
  return perMinute ? { ...backend, guard: clientRateLimit(perMinute) } : backend;
}
