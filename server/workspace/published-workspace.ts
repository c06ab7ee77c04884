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
import { parseManifest, type WorkspaceManifest } from './workspace-files';

/** The schema served; a publish builds the next one apart and renames it into place. */
export const WORKSPACE_SCHEMA = 'workspace';
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
  return { manifest, store };
}
