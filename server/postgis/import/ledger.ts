// The import ledger (table import_files): which file of which scope each vintage's rows came
// from. A file loaded before with the same bytes is skipped, so a run that stopped half way
// resumes where it stopped; a new file of a loaded scope replaces the old one's rows.
import pg from 'pg';
import type { RejectLog } from './reject-log';

export interface LoadContext {
  client: pg.Client;
  rejects: RejectLog;
  /** Above this share of rejected rows a file is refused whole. */
  maxRejectShare: number;
  /** Where the progress bar goes; null for none. */
  progress: NodeJS.WriteStream | null;
}

export interface LoadOutcome {
  name: string;
  status: 'loaded' | 'skipped';
  rows: number;
  rejected: number;
  rowsPerSecond: number;
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
