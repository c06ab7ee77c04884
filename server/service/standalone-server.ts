// The standalone service's node server, as `npm run service` runs it: the locate hot path
// first, then the Hono app, behind the same limits as the app server (timeouts, connection
// cap, JSON answers for broken request heads) and the same security headers, with a CSP that
// lets nothing load from its answers (it serves no pages).
import type { Server } from 'node:http';
import type { HttpLimits } from '../config/server-env';
import { closeServer, createHttpServer, fetchListener, listen } from '../node-http/http-server';
import { lineLogger } from '../node-http/log-lines';
import { API_CSP, securityHeaderEntries } from '../node-http/security-headers';
import { createServiceApp, type ServiceDeps } from './app';
import { locateFastPath, type LocateFastPath } from './http/locate-fast-path';
import { createUsageMeter, type UsageMeter } from './http/usage-meter';

interface ServiceServerOptions {
  fetch: Parameters<typeof fetchListener>[0];
  /** The locate hot path, or null when every request must pass Hono (a rate limit). */
  fastPath: LocateFastPath | null;
  limits: HttpLimits;
  /** Refused connections and failures before routing. */
  log?: (line: string) => void;
}

function createServiceServer(opts: ServiceServerOptions): Server {
  const headers = securityHeaderEntries(API_CSP);
  const log = opts.log && lineLogger(opts.log);
  const hono = fetchListener(opts.fetch, log);
  return createHttpServer(
    (req, res) => {
      // Set on the node response for Hono's answers; the hot path writes them in its head.
      const toHono = () => {
        for (const [name, value] of headers) res.setHeader(name, value);
        void hono(req, res);
      };
      const fast = opts.fastPath;
      if (!fast) return toHono();
      void fast(req, res).then((answered) => answered || toHono());
    },
    opts.limits,
    log,
  );
}

export interface StandaloneOptions extends ServiceDeps {
  port: number;
  host: string;
  limits: HttpLimits;
  /** Refused connections and failures before routing. */
  log?: (line: string) => void;
  /** The locate hot path before Hono (default on); tests of Hono alone turn it off. */
  locateFastPath?: boolean;
}

export interface RunningStandaloneService {
  url: string;
  /** The hot path answering locate, or null (turned off, or a rate limit is set). */
  fastPath: LocateFastPath | null;
  usage: UsageMeter;
  close(opts?: { drain?: boolean }): Promise<void>;
}

/**
 * The standalone service listening, wired one way for `npm run service` and for the tests that
 * stand in for it: one usage meter shared by Hono and the locate hot path (so getusage counts
 * every call; the hot path answers valid tokens only, so every failed authentication reaches
 * Hono's throttle), and no hot path under a rate limit, since every request must then pass
 * Hono's limiter.
 */
export async function startStandaloneService(
  opts: StandaloneOptions,
): Promise<RunningStandaloneService> {
  const { port, host, limits, log, locateFastPath: hot = true, ...deps } = opts;
  const usage = deps.usage ?? createUsageMeter();
  const app = createServiceApp({ ...deps, usage });
  const fastPath =
    hot && !deps.rateLimit
      ? await locateFastPath(deps.store, deps.tokens, usage, securityHeaderEntries(API_CSP))
      : null;
  const server = createServiceServer({
    fetch: app.fetch,
    fastPath,
    limits,
    ...(log ? { log } : {}),
  });
  const bound = await listen(server, port, host);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound}`,
    fastPath,
    usage,
    close: (closing) => closeServer(server, closing),
  };
}
