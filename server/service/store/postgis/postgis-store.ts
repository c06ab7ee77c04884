// The PostGIS Store: the same interface as the memory store, answered from the database that
// `npm run import` loads (server/postgis/schema.sql). Each concern is a module of this folder
// exporting `(ctx, ...the Store method's arguments) => Promise<its answer>`; this file opens the
// pool, reads the context once, and binds them. After close() every call rejects. A database
// that cannot be reached (down, restarting, stalled) makes a call reject with StoreUnavailable
// within the connect or query timeout, and is logged once per interval by outage-log.ts.
import pg from 'pg';
import { connectClient, describeUrl } from '../../../postgis/connection';
import type { Store } from '../store';
import { closableStore } from '../closable-store';
import { StoreUnavailable } from '../store-unavailable';
import { coverageVintages, fabricVintages, fields, layers } from './catalogue';
import { DatabaseNotReady, loadPgContext, type PgContext } from './context';
import { fixedCoverage, mobileCoverage } from './coverage';
import { fixedHexTile, fixedTile } from './fixed-tiles';
import { providers } from './providers';
import { collect } from './collect';
import { connectionFailure } from './connection-failure';
import { history } from './history';
import { locate } from './locate';
import { keepLocateIndex, type LocateIndexKeeper } from './locate-index';
import { match } from './match';
import { createOutageLog } from './outage-log';
import { places } from './places';
import { areaFeatures, bulkLocations, locationData } from './records';
import { report } from './report';
import { countInArea, summarize } from './summarize';
import { tile } from './tiles';
import { translate } from './translate';

export interface PostgisStoreOptions {
  /** Most connections the pool opens (each answers one query at a time). */
  poolSize?: number;
  /** Longest one statement may run before the database cancels it, ms. */
  statementTimeoutMs?: number;
  /** Longest a call waits for a pooled connection (a free one, or a new one opened), ms. */
  connectTimeoutMs?: number;
  /**
   * Whether locate of the newest release answers from an index held in process (locate-index.ts;
   * default true); false: every locate asks the database.
   */
  locateIndex?: boolean;
  log?: (line: string) => void;
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/**
 * How long the client waits for a statement's answer: a little past the statement timeout, so
 * a database that is up cancels the statement itself first, and a stalled host (which never
 * answers, nor cancels) costs a request this long at most.
 */
export function queryTimeoutMs(statementTimeoutMs: number): number {
  return statementTimeoutMs + 2_000;
}

/** Idle time before TCP keep-alive probes a pooled connection, so a vanished host is noticed. */
const KEEPALIVE_DELAY_MS = 10_000;

type Bound = { [K in Exclude<keyof Store, 'kind' | 'close' | 'ping'>]: Store[K] };

function bind(ctx: PgContext, keeper: LocateIndexKeeper | null): Bound {
  const indexOf = (v: string) => keeper?.get(v) ?? null;
  return {
    fabricVintages: () => fabricVintages(ctx),
    coverageVintages: () => coverageVintages(ctx),
    providers: (cv) => providers(ctx, cv),
    layers: () => layers(ctx),
    fields: (v, layer) => fields(ctx, v, layer),
    locationData: (v, by) => locationData(ctx, v, by),
    bulkLocations: (v, ids, f) => bulkLocations(ctx, v, ids, f),
    areaFeatures: (v, layer, uuids) => areaFeatures(ctx, v, layer, uuids),
    tile: (v, z, x, y) => tile(ctx, v, z, x, y),
    match: (v, query, maxresults, sourcekey) => match(ctx, v, query, maxresults, sourcekey),
    places: (v, q, maxresults) => places(ctx, v, q, maxresults),
    history: (v, id) => history(ctx, v, id),
    locate: (v, point, options) => locate(ctx, v, point, options, indexOf),
    translate: (v, src, dest, id) => translate(ctx, v, src, dest, id),
    summarize: (v, area, f, nocat, options) => summarize(ctx, v, area, f, nocat, options),
    count: (v, area) => countInArea(ctx, v, area),
    report: (v, cv, area, filters, compare) => report(ctx, v, cv, area, filters, { compare }),
    collect: (v, layer, area, part, limits) => collect(ctx, v, layer, area, part, limits),
    fixedCoverage: (v, ids) => fixedCoverage(ctx, v, ids),
    mobileCoverage: (v, cells) => mobileCoverage(ctx, v, cells),
    fixedTile: (cv, fv, z, x, y, provider) => fixedTile(ctx, cv, fv, z, x, y, provider ?? null),
    fixedHexTile: (cv, fv, z, x, y, filters) => fixedHexTile(ctx, cv, fv, z, x, y, filters),
  };
}

/**
 * A Store over the database at `url`. Rejects with a message naming the database (never its
 * password) when it cannot be reached, has no PostGIS, or holds no fabric yet.
 */
export async function openPostgisStore(
  url: string,
  opts: PostgisStoreOptions = {},
): Promise<Store> {
  // One plain connection first: its failure carries the clear reason connectClient gives.
  const probe = await connectClient(url);
  await probe.end();
  const statementTimeoutMs = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const connectTimeoutMs = opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? DEFAULT_POOL_SIZE,
    statement_timeout: statementTimeoutMs,
    query_timeout: queryTimeoutMs(statementTimeoutMs),
    // Both the wait for a free connection and the opening of a new one.
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    application_name: 'coverage-explorer',
  });
  const outage = createOutageLog(opts.log ?? (() => {}));
  // An idle connection the server drops (restart, network) must not crash the process.
  pool.on('error', (err) => outage.connectionLost(connectionFailure(err) ?? err.message));
  // A connection handed back without an error: a query was answered, so any outage is over.
  pool.on('release', (err: unknown) => {
    if (!err) outage.answered();
  });
  let ctx: PgContext;
  try {
    ctx = await loadPgContext(pool);
  } catch (err) {
    await pool.end();
    // "the database at … holds no fabric: run npm run import first", or why it could not be read.
    const why = err instanceof DatabaseNotReady ? '' : 'cannot be read: ';
    throw new Error(`the database at ${describeUrl(url)} ${why}${(err as Error).message}`, {
      cause: err,
    });
  }
  let keeper: LocateIndexKeeper | null = null;
  if (opts.locateIndex !== false) {
    const newest = ctx.vintages.at(-1)!.vintage;
    try {
      keeper = await keepLocateIndex(pool, newest, ctx.layerVintages(newest), { log: opts.log });
    } catch (err) {
      await pool.end();
      throw new Error(
        `the database at ${describeUrl(url)} cannot be read: ${(err as Error).message}`,
        {
          cause: err,
        },
      );
    }
  }
  const unavailable = (err: unknown): never => {
    const reason = connectionFailure(err);
    if (!reason) throw err;
    outage.refused(reason);
    throw new StoreUnavailable(reason);
  };
  const bound: Bound & Pick<Store, 'ping'> = {
    ...bind(ctx, keeper),
    // Health: a round trip within the connect timeout, however long statements may run.
    ping: async () => {
      // query_timeout per query is read by node-postgres, though its types omit it.
      await pool.query({ text: 'SELECT 1', query_timeout: connectTimeoutMs } as pg.QueryConfig);
    },
  };
  const store = closableStore({
    kind: 'postgis',
    methods: bound,
    release: () => {
      keeper?.stop();
      return pool.end();
    },
    failure: unavailable,
  });
  return store;
}
