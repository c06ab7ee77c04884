// Per-client request budget (SERVICE.md "Limits": configurable, 429 with Retry-After past it).
// A fixed one-minute window per client key: cheap, and Retry-After is exact.
import type { MiddlewareHandler } from 'hono';
import type { ServiceEnv } from './env';
import { ServiceError } from './errors';

interface Window {
  start: number;
  count: number;
}

export function rateLimit(
  perMinute: number,
  now: () => number = Date.now,
): MiddlewareHandler<ServiceEnv> {
  const windows = new Map<string, Window>();
  return async (c, next) => {
    const key = c.get('clientKey') ?? 'anonymous';
    const t = now();
    let w = windows.get(key);
    if (!w || t - w.start >= 60_000) {
      // Drop stale windows now and then so the map stays as small as the active client set.
      if (windows.size > 10_000)
        for (const [k, old] of windows) if (t - old.start >= 60_000) windows.delete(k);
      w = { start: t, count: 0 };
      windows.set(key, w);
    }
    w.count += 1;
    if (w.count > perMinute) {
      const retryAfter = Math.max(1, Math.ceil((w.start + 60_000 - t) / 1000));
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
