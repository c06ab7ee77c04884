// The app server as a Hono app: the backend under /api with the service's own paths, its health
// answer, and the built app from dist/ with a client-side-route fallback. Security headers and a
// request id go on every answer, /api and pages alike; the front door refuses other Hosts,
// other sites and odd methods first; every failure is JSON, never a text/plain page.
import { installBasemapFiles } from './basemap-files';
import type { BasemapSettings } from './basemap-env';
import { Hono } from 'hono';
import { clientWentAway } from '../node-http/client-gone';
import { ServiceError, errorFetchResponse } from '../contract/errors';
import { compress } from 'hono/compress';
import { boundaryRoutes } from './boundary-routes';
import { backendVintages, type Backend, type BackendVintages } from './backend';
import { refuseDotSegments } from './dot-segments';
import { frontDoor } from './front-door';
import type { HostAllowlist } from './host-allowlist';
import { installAuth, type AppAuth } from './auth/install-auth';
import { jsonError } from '../node-http/json-error';
import { requestIdOf, tagRequest, type LineLogger } from '../node-http/log-lines';
import { markAborted, requestLog } from './request-log';
import { securityHeaders } from '../node-http/security-headers';
import { staticApp } from './static-files';
import { workspaceNotAvailable } from './workspace-sync/sync-routes';

export interface AppServerOptions {
  backend: Backend;
  /** Built app; omitted by the dev server, where Vite serves the pages. */
  distDir?: string;
  /** App version reported by /api/health. */
  version: string;
  /** One line per request (no headers, no query strings), escaped and with its request id. */
  log?: LineLogger;
  /** Host names answered (DNS rebinding protection). */
  hosts: HostAllowlist;
  /** Online basemap style URL, so the CSP lets its tiles and glyphs in. */
  basemapStyle?: string | undefined;
  /** Vite dev server in front: its inline client and websocket need a looser CSP. */
  dev?: boolean;
  /** How long a successful vintages answer is reused by /api/health. */
  healthCacheMs?: number;
  /** Sign-in and per-person budgets (APP_AUTH); absent, every request is served. */
  auth?: AppAuth;
  /** A basemap set at start (BASEMAP_STYLE, BASEMAP_PMTILES): told in capabilities, files sent. */
  basemap?: BasemapSettings;
}

// Node's fetch needs `duplex` to send a streamed body; the DOM RequestInit type lacks it.
type StreamingRequestInit = RequestInit & { duplex?: 'half' };

/** Where the path starts in an absolute URL, as the node adapter hands it. */
const pathStart = (url: string) => url.indexOf('/', url.indexOf('//') + 2);

/** The URL with `/api` taken off the front of its path. */
function withoutApi(url: string): string {
  const path = pathStart(url);
  const rest = url.slice(path + 4);
  if (path < 0 || !url.startsWith('/api', path) || !/^(?:[/?]|$)/.test(rest)) return url;
  return url.slice(0, path) + (rest.startsWith('/') ? rest : `/${rest}`);
}

/**
 * The same request with `/api` taken off the path: the backend only knows service paths. It
 * carries the request's id, so the lines the backend logs about it carry it too.
 */
function toServiceRequest(request: Request): Request {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  const init: StreamingRequestInit = {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    ...(hasBody ? { body: request.body, duplex: 'half' } : {}),
  };
  const serviceRequest = new Request(withoutApi(request.url), init);
  const id = requestIdOf(request);
  if (id) tagRequest(serviceRequest, id);
  return serviceRequest;
}

export function createAppServer(opts: AppServerOptions): Hono {
  const { backend } = opts;
  const app = new Hono();
  const healthCacheMs = opts.healthCacheMs ?? 60_000;
  let vintages: { value: BackendVintages; at: number } | null = null;

  const log = opts.log ?? (() => {});
  app.use('*', requestLog(log));
  app.use('*', securityHeaders({ basemapStyle: opts.basemapStyle, dev: opts.dev ?? false }));
  app.use('*', frontDoor(opts.hosts));
  app.use('*', refuseDotSegments);
  if (opts.auth) installAuth(app, opts.auth, backend, log);
  if (backend.guard) app.use('/api/*', backend.guard);

  const basemap = opts.basemap?.basemap;
  // Read per request: a workspace synced from the app changes the backend's capabilities.
  const capabilitiesNow = () =>
    basemap ? { ...backend.capabilities, basemap } : backend.capabilities;
  app.get('/api/health', async (c) => {
    c.header('Cache-Control', 'no-store');
    // Asked every time: vintages kept from before an outage must not make it look healthy.
    const problem = await backend.health?.();
    if (problem) {
      for (const [name, value] of Object.entries(problem.headers ?? {})) c.header(name, value);
      return c.json(
        {
          ...problem.body(),
          backend: backend.kind,
          capabilities: capabilitiesNow(),
          version: opts.version,
        },
        503,
      );
    }
    // Vintages change a few times a year; asking the upstream on every page load is waste.
    // Empty lists (backend down) are not kept, so the next load asks again.
    let value = vintages && Date.now() - vintages.at <= healthCacheMs ? vintages.value : null;
    if (!value) {
      value = await backendVintages(backend, new URL(c.req.url).origin, requestIdOf(c.req.raw));
      const complete = value.fabricVintages.length > 0 && value.coverageVintages.length > 0;
      vintages = complete ? { value, at: Date.now() } : null;
    }
    return c.json({
      backend: backend.kind,
      label: backend.label,
      capabilities: capabilitiesNow(),
      ...value,
      version: opts.version,
    });
  });

  app.route('/api/workspace', backend.workspaceRoutes ?? workspaceNotAvailable());
  app.all('/api', () =>
    errorFetchResponse(new ServiceError('not_found', 'no operation at /api; see /api/health')),
  );
  // The backend's answer as it is: no header is added to it afterwards (see node-exchange.ts),
  // and a copy would turn a body held whole into a stream.
  app.all('/api/*', async (c) => {
    const url = c.req.url;
    const fast =
      c.req.method === 'GET'
        ? await backend.fastGet?.(withoutApi(url).slice(pathStart(url)))
        : null;
    return fast ?? backend.handle(toServiceRequest(c.req.raw));
  });

  if (opts.basemap) installBasemapFiles(app, opts.basemap);
  // The app's own boundaries, answered the same whatever the backend; tiles compressed on the
  // way (a low-zoom county tile is some 100 kB as it is).
  app.use('/boundaries/*', compress());
  app.route('/boundaries', boundaryRoutes());

  if (opts.distDir) {
    const pages = staticApp(opts.distDir);
    app.get('*', (c) => pages(c));
  }
  app.notFound((c) =>
    errorFetchResponse(new ServiceError('not_found', `nothing at ${c.req.method} ${c.req.path}`)),
  );
  app.onError((err, c) => {
    // A client that hung up mid-upload is no fault of ours: one access line says "aborted". A
    // reset of another connection (the database's, an upstream's) is not the client's doing.
    if (clientWentAway(c, err)) {
      markAborted(c.req.raw);
      return jsonError({ status: 400, code: 'aborted', message: 'the client closed the request' });
    }
    log(`internal error on ${c.req.method} ${c.req.path}: ${err.stack ?? String(err)}`, c.req.raw);
    return errorFetchResponse(new ServiceError('internal', 'internal error'));
  });
  return app;
}
