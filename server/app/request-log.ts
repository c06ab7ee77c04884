// One line per request: method, path, status, time and request id. Never headers (they carry
// credentials in upstream mode) and never query strings (addresses searched are the planner's
// business). The id goes back in X-Request-Id, and the request is tagged with it, so the lines
// logged about it carry it too (see log-lines.ts). A client that hangs up mid-request is logged
// as an abort in one line: that is the client's choice, not an internal error.
import type { MiddlewareHandler } from 'hono';
import { requestIdFor, tagRequest, type LineLogger } from '../node-http/log-lines';
import { nodeExchange } from '../node-http/node-exchange';

const ABORTED = Symbol('aborted');

/** Marks the request as abandoned by its client, so the access line says so. */
export function markAborted(request: Request): void {
  Reflect.set(request, ABORTED, true);
}

export function requestLog(log: LineLogger): MiddlewareHandler {
  return async (c, next) => {
    const node = nodeExchange(c);
    const sent = node ? node.incoming.headers['x-request-id'] : c.req.header('x-request-id');
    const id = requestIdFor(typeof sent === 'string' ? sent : null);
    tagRequest(c.req.raw, id);
    node?.outgoing.setHeader('X-Request-Id', id);
    const start = performance.now();
    try {
      await next();
    } finally {
      const ms = (performance.now() - start).toFixed(1);
      const aborted = Reflect.get(c.req.raw, ABORTED) === true || c.req.raw.signal.aborted;
      log(
        aborted
          ? `${c.req.method} ${c.req.path} aborted by the client after ${ms}ms`
          : `${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`,
        id,
      );
      if (!node) c.header('X-Request-Id', id);
    }
  };
}
