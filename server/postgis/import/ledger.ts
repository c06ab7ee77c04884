// The import ledger (table import_files): which file of which scope each vintage's rows came
// from. A file loaded before with the same bytes is skipped, so a run that stopped half way
// resumes where it stopped; a new file of a loaded scope replaces the old one's rows. A file
// stays unpublished until the transaction that attaches and derives its vintage commits, so
// what a stopped run loaded is still derived by the next one, whatever that one loads itself.
import pg from 'pg';
import type { ProgressOut } from './progress';
import type { DataTable } from './partitions';
import type { RejectLog } from './reject-log';

export interface LoadContext {
  client: pg.Client;
  rejects: RejectLog;
  /** Above this share of rejected rows a file is refused whole. */
  maxRejectShare: number;
  /** Where the progress bar goes; null for none. */
  progress: ProgressOut | null;
}

export interface LoadOutcome {
  name: string;
  status: 'loaded' | 'skipped';
  rows: number;
  rejected: number;
  rowsPerSecond: number;
}

/**
 * The import's memory for the statements of the transaction it is in (a connection runs one at a
 * time, and the import has two): whole-release sorts and groupings, and a file's checks (its
 * duplicate keys grouped, its location_ids hashed against a release's), spill to temporary files
 * several times over with the default 4 MB. ATTACH's index builds use maintenance_work_mem. The
 * planner's JIT is off: the big joins' cost estimates make it spend seconds compiling for no gain.
 */
export async function setImportBudget(client: pg.Client): Promise<void> {
  await client.query('SET LOCAL jit = off');
  await client.query(`SET LOCAL work_mem = '256MB'`);
  await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
}

export async function alreadyLoaded(
  client: pg.Client,
  kind: string,
  vintage: string,
  name: string,
  bytes: number,
  sha256: string,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `SELECT 1 FROM import_files
      WHERE kind = $1 AND vintage = $2 AND name = $3 AND bytes = $4 AND sha256 = $5`,
    [kind, vintage, name, bytes, sha256],
  );
  return (rowCount ?? 0) > 0;
}

/** Removes the rows an earlier file of this scope loaded (inside the caller's transaction). */
export async function replaceScope(
  client: pg.Client,
  partition: string,
  kind: string,
  vintage: string,
  scope: string,
): Promise<void> {
  const { rows } = await client.query<{ file_id: number }>(
    'DELETE FROM import_files WHERE kind = $1 AND vintage = $2 AND scope = $3 RETURNING file_id',
    [kind, vintage, scope],
  );
  for (const { file_id } of rows) {
    await client.query(`DELETE FROM ${pg.escapeIdentifier(partition)} WHERE file_id = $1`, [
      file_id,
    ]);
  }
}

export interface FileRecord {
  kind: string;
  vintage: string;
  scope: string;
  name: string;
  bytes: number;
  sha256: string;
  rows: number;
  rejected: number;
  seconds: number;
}

export async function recordFile(client: pg.Client, f: FileRecord): Promise<number> {
  const { rows } = await client.query<{ file_id: number }>(
    `INSERT INTO import_files
       (kind, vintage, scope, name, bytes, sha256, rows_loaded, rows_rejected, seconds)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING file_id`,
    [f.kind, f.vintage, f.scope, f.name, f.bytes, f.sha256, f.rows, f.rejected, f.seconds],
  );
  return rows[0].file_id;
}

const TABLE_OF_KIND: Record<string, DataTable> = {
  locations: 'locations',
  retirements: 'retirements',
  fixed: 'fixed_availability',
  mobile: 'mobile_coverage',
  parcels: 'parcels',
  footprints: 'footprints',
  roads: 'roads',
};

/** Vintages by table with a file loaded and not yet published: what the finish derives. */
export async function unpublished(client: pg.Client): Promise<Map<DataTable, Set<string>>> {
  const { rows } = await client.query<{ kind: string; vintage: string }>(
    'SELECT DISTINCT kind, vintage FROM import_files WHERE NOT published ORDER BY 1, 2',
  );
  const out = new Map<DataTable, Set<string>>();
  for (const { kind, vintage } of rows) {
    const table = TABLE_OF_KIND[kind];
    out.set(table, (out.get(table) ?? new Set<string>()).add(vintage));
  }
  return out;
}

/** Inside the publishing transaction: every file loaded is now served. */
export async function markPublished(client: pg.Client): Promise<void> {
  await client.query('UPDATE import_files SET published = true WHERE NOT published');
}
