// A request target with a `.` or `..` segment, plain or percent-encoded (`/api/../index.html`,
// `/api/%2e%2e/x`), is answered 404 before routing. URL parsing resolves those segments, so
// such a path would be routed as somewhere else: out of /api and onto the app's index.html with
// a 200. Browsers and fetch resolve them before sending, so only a hand-made request carries
// one, and no page or operation is reached through it.
import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { jsonError } from '../node-http/json-error';

const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/** The path of a request target as sent, origin-form or absolute-form, without its query. */
function pathOf(target: string): string {
  const authority = target.startsWith('/') ? -1 : target.indexOf('//');
  const start = authority < 0 ? 0 : target.indexOf('/', authority + 2);
  if (start < 0) return '/';
  const query = target.indexOf('?', start);
  return target.slice(start, query < 0 ? undefined : query);
}

export function hasDotSegment(target: string): boolean {
  return target.includes('.') || target.includes('%') ? DOT_SEGMENT.test(pathOf(target)) : false;
}

/** Reads the target from the node request (Hono's URL has the segments resolved already). */
export const refuseDotSegments: MiddlewareHandler = async (c, next) => {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const target = incoming?.url ?? '';
  if (!hasDotSegment(target)) return next();
  return jsonError({
    status: 404,
    code: 'not_found',
    message: `nothing at ${c.req.method} ${pathOf(target).slice(0, 100)}: paths with . or .. segments are not served (a browser resolves them before sending)`,
    details: { parameter: 'path' },
  });
};
