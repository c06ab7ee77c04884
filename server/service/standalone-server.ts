// The standalone service's node server, as `npm run service` runs it: the locate hot path
// first, then the Hono app, behind the same limits as the app server (timeouts, connection
// cap, JSON answers for broken request heads) and the same security headers, with a CSP that
// lets nothing load from its answers (it serves no pages).
import type { Server } from 'node:http';
import type { HttpLimits } from '../config/server-env';
import { createHttpServer, fetchListener } from '../app/http-server';
import { lineLogger } from '../app/log-lines';
import { API_CSP, securityHeaderEntries } from '../app/security-headers';
import type { LocateFastPath } from './http/locate-fast-path';

export interface ServiceServerOptions {
  fetch: Parameters<typeof fetchListener>[0];
  /** The locate hot path, or null when every request must pass Hono (a rate limit). */
  fastPath: LocateFastPath | null;
  limits: HttpLimits;
  /** Refused connections and failures before routing. */
  log?: (line: string) => void;
}

export function createServiceServer(opts: ServiceServerOptions): Server {
  const headers = securityHeaderEntries(API_CSP);
  const log = opts.log && lineLogger(opts.log);
  const hono = fetchListener(opts.fetch, log);
  return createHttpServer(
    (req, res) => {
      // Set on the node response, so hot-path and Hono answers carry them alike.
      for (const [name, value] of headers) res.setHeader(name, value);
      if (opts.fastPath?.(req, res)) return;
      void hono(req, res);
    },
    opts.limits,
    log,
  );
}
