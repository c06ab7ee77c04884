// A finished sync published into PostGIS (STORE=postgis): the assembled fabric exported in the
// published layouts and loaded by the importer's own code (COPY, derived tables by SQL, its
// publishing transaction) into a schema of its own, `workspace_next`, with the sync's manifest;
// then one transaction renames it to `workspace` (the one the app server reads) and the
// previous one aside. Upstream's uuids (translate's answers) go into a table of that schema,
// upstream_uuids, beside the importer's. A publish stopped at any point before that commit leaves the previous
// workspace whole and served; the next publish clears what the stopped one left.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connectClient } from '../postgis/connection';
import { crashPoint } from '../postgis/import/crash-points';
import { runImport } from '../postgis/import/run-import';
import type { Fabric } from '../service/store/fabric';
import { inSchema, MANIFEST_KEY, UPSTREAM_UUIDS, WORKSPACE_SCHEMA } from './published-workspace';
import type { VintageUuids } from './upstream-uuids';
import { exportWorkspace } from './workspace-export';
import type { WorkspaceManifest } from './workspace-files';

const NEXT = `${WORKSPACE_SCHEMA}_next`;
const OLD = `${WORKSPACE_SCHEMA}_old`;
/** Held for a whole publish: two syncs publishing at once would build the same next schema. */
const PUBLISH_LOCK = 7263;

export interface PublishFigures {
  /** Rows loaded (locations, retirements, fixed availability, upstream's uuids). */
  rows: number;
  exportSeconds: number;
  /** From the first COPY to the switch committed. */
  importSeconds: number;
  rowsPerSecond: number;
}

async function switchSchemas(client: pg.Client): Promise<void> {
  const id = pg.escapeIdentifier;
  await client.query('BEGIN');
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${id(OLD)} CASCADE`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [
      WORKSPACE_SCHEMA,
    ]);
    if (rowCount) await client.query(`ALTER SCHEMA ${id(WORKSPACE_SCHEMA)} RENAME TO ${id(OLD)}`);
    await client.query(`ALTER SCHEMA ${id(NEXT)} RENAME TO ${id(WORKSPACE_SCHEMA)}`);
    crashPoint('switching');
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
  await client.query(`DROP SCHEMA IF EXISTS ${id(OLD)} CASCADE`);
}

/** Rows a statement: unnest over arrays of this many stays well inside a message. */
const UUID_ROWS_AT_ONCE = 20_000;

/** Upstream's uuids into the next schema's upstream_uuids, keyed both ways per vintage. */
async function loadUpstreamUuids(client: pg.Client, tables: readonly VintageUuids[]) {
  const table = `${pg.escapeIdentifier(NEXT)}.${UPSTREAM_UUIDS}`;
  await client.query(
    `CREATE TABLE ${table} (vintage text NOT NULL, location_id bigint NOT NULL, uuid text NOT NULL, PRIMARY KEY (vintage, location_id))`,
  );
  let rows = 0;
  const decoder = new TextDecoder();
  for (const t of tables) {
    for (let from = 0; from < t.ids.length; from += UUID_ROWS_AT_ONCE) {
      const to = Math.min(t.ids.length, from + UUID_ROWS_AT_ONCE);
      const ids: number[] = [];
      const uuids: string[] = [];
      for (let k = from; k < to; k++) {
        ids.push(t.ids[k]!);
        uuids.push(decoder.decode(t.bytes.subarray(t.start[k]!, t.start[k + 1]!)));
      }
      await client.query(
        `INSERT INTO ${table} (vintage, location_id, uuid) SELECT $1, * FROM unnest($2::bigint[], $3::text[])`,
        [t.vintage, ids, uuids],
      );
      rows += ids.length;
    }
  }
  await client.query(`CREATE UNIQUE INDEX ON ${table} (vintage, uuid)`);
  return rows;
}

/** Publishes the workspace just written to the folder; the previous one until it commits. */
export async function publishWorkspace(
  url: string,
  fabric: Fabric,
  uuids: readonly VintageUuids[],
  manifest: WorkspaceManifest,
  log: (line: string) => void,
): Promise<PublishFigures> {
  const client = await connectClient(url);
  const files = mkdtempSync(join(tmpdir(), 'workspace-publish-'));
  try {
    const { rows: lock } = await client.query<{ ok: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS ok',
      [PUBLISH_LOCK],
    );
    if (!lock[0]!.ok)
      throw new Error('another sync is publishing its workspace into this database');
    // PostGIS in public, where the store's sessions find it whichever schema they read.
    await client.query('CREATE EXTENSION IF NOT EXISTS postgis SCHEMA public');
    await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(NEXT)} CASCADE`);
    await client.query(`CREATE SCHEMA ${pg.escapeIdentifier(NEXT)}`);
    let began = performance.now();
    const exported = await exportWorkspace(fabric, files);
    const exportSeconds = (performance.now() - began) / 1000;
    log(`publish: ${exported.length} files written in ${exportSeconds.toFixed(1)} s; importing`);
    began = performance.now();
    const report = await runImport({
      url: inSchema(url, NEXT),
      files: exported,
      uuidSeed: fabric.seed,
      releases: fabric.vintages,
      // Every row is the sync's own: one rejected means the export and the import disagree.
      maxRejectShare: 0,
      rejectsPath: null,
      progress: null,
      log: (m) => log(`publish: ${m}`),
    });
    const uuidRows = await loadUpstreamUuids(client, uuids);
    await client.query(
      `INSERT INTO ${pg.escapeIdentifier(NEXT)}.dataset_settings (key, value) VALUES ($1, $2)`,
      [MANIFEST_KEY, JSON.stringify(manifest)],
    );
    await switchSchemas(client);
    const importSeconds = (performance.now() - began) / 1000;
    const rows = report.outcomes.reduce((n, o) => n + o.rows, uuidRows);
    const figures = { rows, exportSeconds, importSeconds, rowsPerSecond: rows / importSeconds };
    log(
      `publish: ${rows} rows into PostGIS in ${importSeconds.toFixed(1)} s (${Math.round(figures.rowsPerSecond)} rows/s); schema ${WORKSPACE_SCHEMA} switched`,
    );
    return figures;
  } finally {
    rmSync(files, { recursive: true, force: true });
    await client.end();
  }
}
