// What every module of the PostGIS store reads besides its own arguments: the connection pool,
// the uuid codec keyed as the import keyed it, and the releases, coverage vintages and layers
// the database holds. Read once when the store opens (an import that publishes a new release
// is seen after a restart), so a request never pays for it.
import type pg from 'pg';
import type { FabricVintage } from '../fabric';
import { createUuidCodec, type UuidCodec } from '../uuid-codec';

export interface LayerVintages {
  parcels: string | null;
  footprints: string | null;
  roads: string | null;
}

export interface PgContext {
  /** Queries: ctx.pool.query(text, params). */
  pool: pg.Pool;
  /** createUuidCodec(Number(dataset_settings.uuid_seed)). */
  codec: UuidCodec;
  /** fabric_vintages ordered by vintage: a release's index is what its uuids encode. */
  vintages: FabricVintage[];
  /** Coverage vintages loaded (fixed or mobile), ordered. */
  coverageVintages: string[];
  /** Index in vintages, -1 when unknown. */
  vintageIndex(v: string): number;
  /** The layer vintage serving each kind for fabric release v (fabric_layers); nulls when none. */
  layerVintages(v: string): LayerVintages;
}

/** Why the database cannot serve (no PostGIS, no fabric imported yet), said of the database. */
export class DatabaseNotReady extends Error {}

const NO_LAYERS: LayerVintages = { parcels: null, footprints: null, roads: null };

/** Vintages of the attached tables of a partitioned table (a vintage still loading is not one). */
async function attachedVintages(pool: pg.Pool, tables: string[]): Promise<string[]> {
  const { rows } = await pool.query<{ vintage: string }>(
    `SELECT DISTINCT substring(c.relname FROM '_([0-9]{6})$') AS vintage
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       JOIN pg_class p ON p.oid = i.inhparent
      WHERE p.relname = ANY($1) AND p.relnamespace = current_schema()::regnamespace
      ORDER BY 1`,
    [tables],
  );
  return rows.map((r) => r.vintage).filter((v) => v !== null);
}

/** Reads what the store needs to know up front; DatabaseNotReady when it cannot serve. */
export async function loadPgContext(pool: pg.Pool): Promise<PgContext> {
  const { rows: ext } = await pool.query(
    `SELECT extversion FROM pg_extension WHERE extname = 'postgis'`,
  );
  if (!ext.length) {
    throw new DatabaseNotReady(
      'has no PostGIS extension: run npm run import first (it creates it), or CREATE EXTENSION postgis',
    );
  }
  const { rows: tables } = await pool.query<{ t: string | null }>(
    `SELECT to_regclass(quote_ident(current_schema()) || '.fabric_vintages')::text AS t`,
  );
  if (!tables[0].t) {
    throw new DatabaseNotReady('holds no fabric: run npm run import first');
  }
  const { rows: vintageRows } = await pool.query<FabricVintage>(
    `SELECT vintage, svcversion, fccversion, fccrelease, ntiaversion, vintagename
       FROM fabric_vintages ORDER BY vintage`,
  );
  if (!vintageRows.length) {
    throw new DatabaseNotReady(
      'holds no fabric release: run npm run import first (with --locations)',
    );
  }
  const { rows: seedRows } = await pool.query<{ value: string }>(
    `SELECT value FROM dataset_settings WHERE key = 'uuid_seed'`,
  );
  const seed = Number(seedRows[0]?.value);
  if (!seedRows.length || !Number.isFinite(seed)) {
    throw new DatabaseNotReady('has no uuid_seed setting: run npm run import first');
  }
  const { rows: layerRows } = await pool.query<{
    vintage: string;
    parcels: string | null;
    footprints: string | null;
    roads: string | null;
  }>(
    `SELECT vintage, parcels_vintage AS parcels, footprints_vintage AS footprints,
            roads_vintage AS roads FROM fabric_layers`,
  );
  // Built field by field, so a record's keys come in the order the memory store writes them.
  const vintages: FabricVintage[] = vintageRows.map((r) => ({
    vintage: r.vintage,
    svcversion: r.svcversion,
    fccversion: r.fccversion,
    fccrelease: r.fccrelease,
    ntiaversion: r.ntiaversion,
    vintagename: r.vintagename,
  }));
  const index = new Map(vintages.map((v, i) => [v.vintage, i]));
  const layers = new Map(
    layerRows.map((r) => [
      r.vintage,
      { parcels: r.parcels, footprints: r.footprints, roads: r.roads },
    ]),
  );
  return {
    pool,
    codec: createUuidCodec(seed),
    vintages,
    coverageVintages: await attachedVintages(pool, ['fixed_availability', 'mobile_coverage']),
    vintageIndex: (v) => index.get(v) ?? -1,
    layerVintages: (v) => ({ ...(layers.get(v) ?? NO_LAYERS) }),
  };
}
