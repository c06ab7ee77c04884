// One line per request: method, path, status, time. Never headers (they carry credentials in
// upstream mode) and never query strings (addresses searched are the planner's business).
import type { MiddlewareHandler } from 'hono';

export function requestLog(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const ms = (performance.now() - start).toFixed(1);
    log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
}
