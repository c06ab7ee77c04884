// The node request and response under a Hono context, when a node server serves it (Hono's
// node adapter passes them as the env). Headers every answer carries are set on the node
// response before the app answers, where node merges them into the head it writes: set on the
// answer afterwards (c.header), each one makes Hono copy the answer into a new one whose body
// must then be streamed, which cost the app server half its throughput.
import type { Context } from 'hono';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface NodeExchange {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
}

/** null under `app.request()` (tests), where headers go on the answer itself. */
export function nodeExchange(c: Context): NodeExchange | null {
  const env = c.env as Partial<NodeExchange> | undefined;
  return env?.incoming && env.outgoing ? { incoming: env.incoming, outgoing: env.outgoing } : null;
}
