// The reference service as a Hono app: one router per resource, auth and rate limit in front,
// every failure rendered as the JSON error body. `tokens: null` switches auth off (the app
// server embeds the service in process and holds no browser tokens).
import { z } from 'zod';
import { capabilitiesSchema } from '../../shared/capabilities';
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import type { CollectLimits, Store } from './store/store';
import { requireToken } from './http/auth';
import { createAuthFailures, type AuthFailures } from './http/auth-failures';
import { DEFAULT_DIALECT, type Dialect } from '../contract/dialect';
import type { ServiceEnv } from './http/env';
import { clientWentAway } from '../node-http/client-gone';
import { ServiceError, errorResponse } from '../contract/errors';
import { allowedMethods } from '../contract/operations';
import { refuseEncodedPath } from '../contract/plain-path';
import { rateLimit } from './http/rate-limit';
import { collapseRepeatedQuery } from './http/repeated-query';
import { storeHealth, storeUnavailableError } from './http/store-health';
import { createUsageMeter, meterUsage, type UsageMeter } from './http/usage-meter';
import { offloadToPool } from './pool/offload';
import type { WorkerPool } from './pool/worker-pool';
import { StoreUnavailable } from './store/store-unavailable';
import { accountcontrolRoutes } from './routes/accountcontrol';
import { collect3Routes } from './routes/collect3';
import { coverageRoutes } from './routes/coverage';
import { fabricRoutes } from './routes/fabric';
import { fabricextRoutes } from './routes/fabricext';
import { fixedChangeRoutes } from './routes/fixed-change';
import { fixedChangeHexRoutes } from './routes/fixed-change-hex';
import { fixedTileRoutes } from './routes/fixed-tiles';
import { geosvcRoutes } from './routes/geosvc';

export interface ServiceDeps {
  store: Store;
  tokens: string[] | null;
  /** Requests per minute per token, one budget across every operation; `now` for tests. */
  rateLimit?: { perMinute: number; now?: () => number };
  /** Failed authentications per client address (tests pass one with their own clock or limit). */
  authFailures?: AuthFailures;
  /**
   * Where unexpected errors are reported (never to the client), with the request they happened
   * on (the app server appends its id to the line).
   */
  logError?: (message: string, request?: Request) => void;
  /** Which names answers use where the seed and the published shapes differ (default both). */
  dialect?: Dialect;
  /** Calls and credits per token (getusage); pass one to share it with the locate hot path. */
  usage?: UsageMeter;
  /** collect3's part size and fan-out (tests shrink them to exercise nested parts). */
  collectLimits?: CollectLimits;
  /** Worker threads that answer every POST operation (server/service/pool/); none: in process. */
  pool?: WorkerPool;
  /** collect3's continuation key (the pool's, so workers and this app seal alike); else random. */
  continuationKey?: Uint8Array;
}

function fromHttpException(err: HTTPException): ServiceError {
  if (err.status === 413) return new ServiceError('payload_too_large', 'request body is too large');
  if (err.status >= 400 && err.status < 500) {
    return new ServiceError('invalid_parameter', err.message || 'invalid request', {
      parameter: 'request',
    });
  }
  return new ServiceError('internal', 'internal error');
}

export function createServiceApp(deps: ServiceDeps): OpenAPIHono<ServiceEnv> {
  const { store } = deps;
  const logError = deps.logError ?? ((m: string) => console.error(m));
  const app = new OpenAPIHono<ServiceEnv>();

  const usage = deps.usage ?? createUsageMeter();
  const prefixes = ['/fabric/*', '/fabricext/*', '/coverage/*', '/accountcontrol/*', '/geosvc/*'];
  // One instance of each in front of every prefix: one budget and one throttle across them all.
  const auth = deps.tokens && requireToken(deps.tokens, deps.authFailures ?? createAuthFailures());
  const limit = deps.rateLimit && rateLimit(deps.rateLimit.perMinute, deps.rateLimit.now);
  // Before anything reads the query: the official client's retried GET repeats it.
  app.use('*', collapseRepeatedQuery);
  app.use('*', refuseEncodedPath);
  for (const prefix of prefixes) {
    if (auth) app.use(prefix, auth);
    // After auth, so only accepted tokens are accounts; before the limit, so a 429 is counted.
    app.use(prefix, meterUsage(usage));
    if (limit) app.use(prefix, limit);
    // Last, so a request reaches a worker only once it is authenticated, counted and allowed.
    if (deps.pool) app.use(prefix, offloadToPool(deps.pool, logError));
  }

  const dialect = deps.dialect ?? DEFAULT_DIALECT;
  app.route('/fabric', fabricRoutes(store, dialect));
  app.route('/fabricext', fabricextRoutes(store, dialect));
  app.route('/fabric', collect3Routes(store, deps.collectLimits, deps.continuationKey));
  app.route('/coverage', coverageRoutes(store));
  app.route('/coverage', fixedTileRoutes(store));
  app.route('/coverage', fixedChangeRoutes(store));
  app.route('/coverage', fixedChangeHexRoutes(store));
  app.route('/accountcontrol', accountcontrolRoutes(usage));
  app.route('/geosvc', geosvcRoutes());

  // Outside every prefix: no token, no usage. 503 store_unavailable while the database is down.
  app.get('/health', async (c) => {
    c.header('Cache-Control', 'no-store');
    const problem = await storeHealth(store);
    if (problem) return errorResponse(c, problem);
    return c.json({ status: 'ok', store: store.kind });
  });

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Location Extension and Coverage Service (reference)',
      version: '1.0.0',
      description: 'Fabric, extension and coverage operations over the demo fabric.',
    },
    security: deps.tokens === null ? [] : [{ bearer: [] }, { apikey: [] }],
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
  });
  // The app server's /api/health carries it (docs/SERVICE.md, "Health"): documented here, with
  // the operations the app server forwards, so one document holds every shape a client reads.
  // JSON Schema 2020-12, as OpenAPI 3.1 takes it (the shared schema is plain zod).
  const { $schema: _dialect, ...capabilities } = z.toJSONSchema(capabilitiesSchema);
  app.openAPIRegistry.registerComponent(
    'schemas',
    'AppServerCapabilities',
    capabilities as Parameters<typeof app.openAPIRegistry.registerComponent<'schemas'>>[2],
  );
  app.openAPIRegistry.registerComponent('securitySchemes', 'apikey', {
    type: 'apiKey',
    in: 'header',
    name: 'apikey',
  });

  app.notFound((c) => {
    const allow = allowedMethods(c.req.path);
    if (allow.length > 0) {
      return errorResponse(
        c,
        new ServiceError(
          'method_not_allowed',
          `${c.req.method} is not allowed on ${c.req.path}; use ${allow.join(', ')}`,
          { allow },
          { Allow: allow.join(', ') },
        ),
      );
    }
    return errorResponse(
      c,
      new ServiceError('not_found', `no operation at ${c.req.method} ${c.req.path}`),
    );
  });

  app.onError((err, c) => {
    if (err instanceof ServiceError) return errorResponse(c, err);
    if (err instanceof HTTPException) return errorResponse(c, fromHttpException(err));
    // Logged by the store, once per interval: a stack per request would bury the log.
    if (err instanceof StoreUnavailable) return errorResponse(c, storeUnavailableError(err));
    // The client hung up mid-body: not a fault of ours, and no one is left to read an answer.
    if (clientWentAway(c, err)) {
      const gone = 'the client closed the connection before the request body arrived';
      return errorResponse(c, new ServiceError('invalid_parameter', gone, { parameter: 'body' }));
    }
    logError(
      `internal error on ${c.req.method} ${c.req.path}: ${err.stack ?? String(err)}`,
      c.req.raw,
    );
    return errorResponse(c, new ServiceError('internal', 'internal error'));
  });

  return app;
}
