// The workspace published into PostGIS (STORE=postgis): its own schema, `workspace`, beside
// whatever `npm run import` loaded into `public`, with the importer's tables and the manifest
// of the sync it holds (dataset_settings, key `workspace`). The app server in upstream mode
// serves it only when that manifest names the upstream's host: a workspace synced from another
// service is never answered for this one.
import pg from 'pg';
import type { StoreSettings } from '../config/store-env';
import { connectClient } from '../postgis/connection';
import { openPostgisStore } from '../service/store/postgis/postgis-store';
import type { Store } from '../service/store/store';
import type { UpstreamIds } from './upstream-uuids';
import { parseManifest, type WorkspaceManifest } from './workspace-files';

/** The schema served; a publish builds the next one apart and renames it into place. */
export const WORKSPACE_SCHEMA = 'workspace';
/** The table of upstream's uuids per synced location and fabric vintage (format 2 on). */
export const UPSTREAM_UUIDS = 'upstream_uuids';
/** The key of the manifest in the schema's dataset_settings. */
export const MANIFEST_KEY = 'workspace';

/**
 * The database URL whose sessions find their tables in `schema` first (PostGIS's own types
 * and functions stay in public), so the importer and the store work in it unchanged.
 */
export function inSchema(url: string, schema: string): string {
  const u = new URL(url);
  const earlier = u.searchParams.get('options');
  u.searchParams.set(
    'options',
    `${earlier ? `${earlier} ` : ''}-c search_path=${pg.escapeIdentifier(schema)},public`,
  );
  return u.toString();
}

/** The manifest of the workspace `schema` holds, or null when it holds none. */
export async function publishedManifest(
  client: pg.ClientBase,
  schema = WORKSPACE_SCHEMA,
): Promise<WorkspaceManifest | null> {
  const table = `${pg.escapeIdentifier(schema)}.dataset_settings`;
  const { rows: found } = await client.query<{ t: string | null }>(
    'SELECT to_regclass($1)::text AS t',
    [table],
  );
  if (!found[0]!.t) return null;
  const { rows } = await client.query<{ value: string }>(
    `SELECT value FROM ${table} WHERE key = $1`,
    [MANIFEST_KEY],
  );
  return rows.length ? parseManifest(rows[0]!.value) : null;
}

export interface HeldWorkspace {
  manifest: WorkspaceManifest;
  store: Store;
  /** Upstream's uuids, or null when the workspace was published before they were kept. */
  uuids: UpstreamIds | null;
}

/** translate's answers from the schema's upstream_uuids, over a pool of their own. */
async function publishedUpstreamIds(
  settings: Extract<StoreSettings, { kind: 'postgis' }>,
): Promise<UpstreamIds | null> {
  const pool = new pg.Pool({
    connectionString: settings.url,
    max: 2,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
  });
  // A lost connection fails the query under way (translate then errs as upstream's would not);
  // it must not end the process.
  pool.on('error', () => {});
  const table = `${pg.escapeIdentifier(WORKSPACE_SCHEMA)}.${UPSTREAM_UUIDS}`;
  const { rows } = await pool.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [
    table,
  ]);
  if (!rows[0]!.t) {
    await pool.end();
    return null;
  }
  return {
    uuidOf: async (vintage, locationId) => {
      const { rows: found } = await pool.query<{ uuid: string }>(
        `SELECT uuid FROM ${table} WHERE vintage = $1 AND location_id = $2`,
        [vintage, locationId],
      );
      return found[0]?.uuid ?? null;
    },
    locationIdOf: async (vintage, uuid) => {
      const { rows: found } = await pool.query<{ location_id: string }>(
        `SELECT location_id FROM ${table} WHERE vintage = $1 AND uuid = $2`,
        [vintage, uuid],
      );
      return found[0] ? Number(found[0].location_id) : null;
    },
    close: () => pool.end(),
  };
}

/** The PostGIS workspace synced from `host` as a store, or null when the database has none. */
export async function openPublishedWorkspace(
  settings: Extract<StoreSettings, { kind: 'postgis' }>,
  host: string,
  log: (line: string) => void,
): Promise<HeldWorkspace | null> {
  const client = await connectClient(settings.url, settings.connectTimeoutMs);
  let manifest: WorkspaceManifest | null;
  try {
    manifest = await publishedManifest(client);
  } finally {
    await client.end();
  }
  if (!manifest) {
    log('workspace: the database holds no published workspace (npm run sync with STORE=postgis)');
    return null;
  }
  if (manifest.sourceHost !== host) {
    log(
      `workspace: the database's workspace was synced from ${manifest.sourceHost}, not from ${host}: not served`,
    );
    return null;
  }
  const store = await openPostgisStore(inSchema(settings.url, WORKSPACE_SCHEMA), {
    poolSize: settings.poolSize,
    statementTimeoutMs: settings.statementTimeoutMs,
    connectTimeoutMs: settings.connectTimeoutMs,
    log,
  });
  const uuids = manifest.format >= 2 ? await publishedUpstreamIds(settings) : null;
  if (!uuids)
    log(
      'workspace: published before upstream uuids were kept: translate goes upstream until the next sync',
    );
  return { manifest, store, uuids };
}
