// Whether a failed request's own client went away. A reset somewhere else (the database's
// connection, an upstream's) carries the same ECONNRESET, and must not be answered as the
// client's doing: the request's signal or its socket decides.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

export function clientWentAway(c: Context, err: Error): boolean {
  if (c.req.raw.signal.aborted) return true;
  const code = 'code' in err ? err.code : undefined;
  if (code !== 'ECONNRESET' && code !== 'ERR_STREAM_PREMATURE_CLOSE') return false;
  // Served by @hono/node-server: the request's socket is at hand.
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.socket) return incoming.socket.destroyed;
  // In process behind the app server: only a request with a body can break off while read.
  return c.req.method !== 'GET' && c.req.method !== 'HEAD';
}
