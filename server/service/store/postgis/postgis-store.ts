// The PostGIS Store: the same interface as the memory store, answered from the database that
// `npm run import` loads (server/postgis/schema.sql). Each concern is a module of this folder
// exporting `(ctx, ...the Store method's arguments) => Promise<its answer>`; this file opens the
// pool, reads the context once, and binds them. After close() every call rejects.
import pg from 'pg';
import { connectClient, describeUrl } from '../../../postgis/connection';
import type { Store } from '../store';
import { coverageVintages, fabricVintages, fields, layers } from './catalogue';
import { DatabaseNotReady, loadPgContext, type PgContext } from './context';
import { fixedCoverage, mobileCoverage } from './coverage';
import { fixedHexTile, fixedTile } from './fixed-tiles';
import { collect } from './collect';
import { history } from './history';
import { locate } from './locate';
import { match } from './match';
import { places } from './places';
import { areaFeatures, bulkLocations, locationData } from './records';
import { report } from './report';
import { summarize } from './summarize';
import { tile } from './tiles';
import { translate } from './translate';

export interface PostgisStoreOptions {
  /** Most connections the pool opens (each answers one query at a time). */
  poolSize?: number;
  /** Longest one statement may run before the database cancels it, ms. */
  statementTimeoutMs?: number;
  log?: (line: string) => void;
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

type Bound = { [K in Exclude<keyof Store, 'kind' | 'close'>]: Store[K] };

function bind(ctx: PgContext): Bound {
  return {
    fabricVintages: () => fabricVintages(ctx),
    coverageVintages: () => coverageVintages(ctx),
    layers: () => layers(ctx),
    fields: (v, layer) => fields(ctx, v, layer),
    locationData: (v, by) => locationData(ctx, v, by),
    bulkLocations: (v, ids, f) => bulkLocations(ctx, v, ids, f),
    areaFeatures: (v, layer, uuids) => areaFeatures(ctx, v, layer, uuids),
    tile: (v, z, x, y) => tile(ctx, v, z, x, y),
    match: (v, query, maxresults, sourcekey) => match(ctx, v, query, maxresults, sourcekey),
    places: (v, q, maxresults) => places(ctx, v, q, maxresults),
    history: (v, id) => history(ctx, v, id),
    locate: (v, point, options) => locate(ctx, v, point, options),
    translate: (v, src, dest, id) => translate(ctx, v, src, dest, id),
    summarize: (v, area, f, nocat, options) => summarize(ctx, v, area, f, nocat, options),
    report: (v, cv, area, filters, compare) => report(ctx, v, cv, area, filters, compare),
    collect: (v, layer, area, part, limits) => collect(ctx, v, layer, area, part, limits),
    fixedCoverage: (v, ids) => fixedCoverage(ctx, v, ids),
    mobileCoverage: (v, cells) => mobileCoverage(ctx, v, cells),
    fixedTile: (cv, fv, z, x, y) => fixedTile(ctx, cv, fv, z, x, y),
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
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? DEFAULT_POOL_SIZE,
    statement_timeout: opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    connectionTimeoutMillis: 10_000,
    application_name: 'coverage-explorer',
  });
  // An idle connection the server drops (restart, network) must not crash the process.
  pool.on('error', (err) => opts.log?.(`database connection lost: ${err.message}`));
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
  const bound = bind(ctx);
  let closed = false;
  const store = { kind: 'postgis' } as Store & Record<string, unknown>;
  for (const [name, fn] of Object.entries(bound) as [string, (...a: unknown[]) => unknown][]) {
    store[name] = (...args: unknown[]) =>
      closed ? Promise.reject(new Error('store is closed')) : fn(...args);
  }
  store.close = async () => {
    if (closed) return;
    closed = true;
    await pool.end();
  };
  return store;
}
