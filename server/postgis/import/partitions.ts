// One table per (kind, vintage), attached to its partitioned parent once loaded. A vintage's
// table is created detached and without indexes, so a first load is plain appends; attaching
// it (finish-import.ts) builds the parent's indexes on it in one pass and makes it visible.
import pg from 'pg';

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
       FROM pg_class c WHERE c.relname = $1 AND c.relnamespace = 'public'::regnamespace`,
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
export async function detachedPartitions(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
        AND c.relname ~ ('^' || $1 || '_[0-9]{6}$')
        AND NOT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = c.oid)
      ORDER BY c.relname`,
    [table],
  );
  return rows.map((r) => r.relname.slice(table.length + 1));
}
