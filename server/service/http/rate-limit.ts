// Per-token request budget (docs/SERVICE.md, "Limits": configurable, 429 with Retry-After past it).
// One middleware instance is mounted in front of every operation prefix, so a token has one
// budget across /fabric, /fabricext, /coverage and the rest (one per prefix let 600 a minute
// admit 1,800). A sliding minute: no more than the budget in any 60 seconds.
import type { MiddlewareHandler } from 'hono';
import type { ServiceEnv } from './env';
import { ServiceError } from '../../contract/errors';
import { SlidingWindow, retryAfterSeconds } from './sliding-window';

export function rateLimit(
  perMinute: number,
  now: () => number = Date.now,
): MiddlewareHandler<ServiceEnv> {
  const window = new SlidingWindow(perMinute, 60_000, now);
  return async (c, next) => {
    const wait = window.take(c.get('clientKey') ?? 'anonymous');
    if (wait > 0) {
      const retryAfter = retryAfterSeconds(wait);
      throw new ServiceError(
        'rate_limited',
        `more than ${perMinute} requests per minute; retry after ${retryAfter} s`,
        { limit: perMinute, retryAfter },
        { 'Retry-After': String(retryAfter) },
      );
    }
    await next();
  };
}
