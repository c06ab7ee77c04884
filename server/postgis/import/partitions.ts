// One table per (kind, vintage), attached to its partitioned parent once loaded. A vintage's
// table is created detached and without indexes, so a first load is plain appends; attaching
// it builds the parent's indexes on it in one pass, and makes it visible when the transaction
// that publishes the release (finish-import.ts) commits.
import pg from 'pg';
import { crashPoint } from './crash-points';
import { FileRefused } from './read-csv';

export const DATA_TABLES = [
  'locations',
  'retirements',
  'fixed_availability',
  'mobile_coverage',
  'parcels',
  'footprints',
  'roads',
] as const;

export type DataTable = (typeof DATA_TABLES)[number];

export function partitionName(table: string, vintage: string): string {
  if (!/^\d{6}$/.test(vintage)) throw new Error(`not a vintage: ${vintage}`);
  return `${table}_${vintage}`;
}

export interface Partition {
  name: string;
  attached: boolean;
}

/** The vintage's table of `table`, created (detached, no index) when missing. */
export async function ensurePartition(
  client: pg.Client,
  table: string,
  vintage: string,
): Promise<Partition> {
  const name = partitionName(table, vintage);
  const { rows } = await client.query<{ attached: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = c.oid) AS attached
       FROM pg_class c WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace`,
    [name],
  );
  if (rows.length) return { name, attached: rows[0].attached };
  const id = pg.escapeIdentifier(name);
  // The CHECK lets ATTACH PARTITION skip scanning the rows it already vouches for.
  await client.query(
    `CREATE TABLE ${id} (LIKE ${pg.escapeIdentifier(table)} INCLUDING DEFAULTS INCLUDING GENERATED,
       CHECK (vintage = ${pg.escapeLiteral(vintage)}))`,
  );
  return { name, attached: false };
}

/** Tables of `table` loaded but not yet attached, by vintage. */
async function detachedPartitions(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
        AND c.relname ~ ('^' || $1 || '_[0-9]{6}$')
        AND NOT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = c.oid)
      ORDER BY c.relname`,
    [table],
  );
  return rows.map((r) => r.relname.slice(table.length + 1));
}

/** Locations that two files both hold: what stops a fabric vintage from being attached. */
async function explainDuplicates(client: pg.Client, table: string, vintage: string) {
  if (table !== 'locations') return '';
  const { rows } = await client.query<{ id: string; files: string[] }>(
    `SELECT l.location_id::text AS id, array_agg(f.name ORDER BY f.name) AS files
       FROM ${pg.escapeIdentifier(partitionName(table, vintage))} l JOIN import_files f USING (file_id)
      GROUP BY l.location_id HAVING count(*) > 1 ORDER BY l.location_id LIMIT 3`,
  );
  return rows.map((r) => `location_id ${r.id} in ${r.files.join(' and ')}`).join('; ');
}

/**
 * Attaches every vintage table loaded but not yet attached (this run's, or a stopped run's),
 * inside the caller's transaction; returns them by table.
 */
export async function attachLoaded(
  client: pg.Client,
  log: (m: string) => void,
): Promise<Map<DataTable, string[]>> {
  const attached = new Map<DataTable, string[]>();
  for (const table of DATA_TABLES) {
    for (const vintage of await detachedPartitions(client, table)) {
      const child = pg.escapeIdentifier(partitionName(table, vintage));
      const began = performance.now();
      // A savepoint, so a refused attach can still be explained inside the transaction.
      await client.query('SAVEPOINT attach');
      try {
        await client.query(
          `ALTER TABLE ${pg.escapeIdentifier(table)} ATTACH PARTITION ${child} FOR VALUES IN (${pg.escapeLiteral(vintage)})`,
        );
      } catch (err) {
        if ((err as { code?: string }).code !== '23505') throw err;
        await client.query('ROLLBACK TO SAVEPOINT attach');
        const which = await explainDuplicates(client, table, vintage);
        throw new FileRefused(
          `${table} of ${vintage} cannot be published: the same key comes from two files (${which || (err as Error).message}); re-import the corrected file`,
        );
      }
      await client.query('RELEASE SAVEPOINT attach');
      attached.set(table, [...(attached.get(table) ?? []), vintage]);
      log(
        `attached ${table} ${vintage}: indexes built in ${((performance.now() - began) / 1000).toFixed(1)} s`,
      );
      crashPoint('attached');
    }
  }
  return attached;
}
