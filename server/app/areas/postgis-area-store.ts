// Saved areas in the workspace's database (STORE=postgis): one table, created here when missing,
// and one statement per write, so a write is whole or absent whatever happens to the server or
// the database mid-way. The database orders two writes of one area; the one that commits last
// wins, as in the file store.
import pg from 'pg';
import type { AreaContent, AreaStore, OwnedOutcome, PutOutcome, StoredArea } from './area-store';

const TABLE = `
CREATE TABLE IF NOT EXISTS saved_areas (
  id text PRIMARY KEY,
  owner text NOT NULL,
  shared boolean NOT NULL DEFAULT false,
  version integer NOT NULL,
  updated_at bigint NOT NULL,
  content jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS saved_areas_owner ON saved_areas (owner);
CREATE INDEX IF NOT EXISTS saved_areas_shared ON saved_areas (shared) WHERE shared;`;

const COLUMNS = 'id, owner, shared, version, updated_at, content';

interface Row {
  id: string;
  owner: string;
  shared: boolean;
  version: number;
  updated_at: string;
  content: AreaContent;
}

const areaOf = (r: Row): StoredArea => ({
  ...r.content,
  id: r.id,
  owner: r.owner,
  shared: r.shared,
  version: r.version,
  updatedAt: Number(r.updated_at),
});

// The row before (locked), then the insert or update only when the area is the writer's and,
// when new, the writer has room: what was there and what was written come back together.
const PUT = `
WITH before AS (SELECT ${COLUMNS} FROM saved_areas WHERE id = $1 FOR UPDATE),
written AS (
  INSERT INTO saved_areas (${COLUMNS})
  SELECT $1, $2, false, 1, $3, $4::jsonb
  WHERE NOT EXISTS (SELECT 1 FROM before WHERE owner <> $2)
    AND (EXISTS (SELECT 1 FROM before)
      OR (SELECT count(*) FROM saved_areas WHERE owner = $2) < $5)
  ON CONFLICT (id) DO UPDATE
    SET version = saved_areas.version + 1, updated_at = $3, content = $4::jsonb
    WHERE saved_areas.owner = $2
  RETURNING ${COLUMNS}
)
SELECT (SELECT row_to_json(b) FROM before b) AS before, (SELECT row_to_json(w) FROM written w) AS written`;

export async function openPostgisAreaStore(url: string): Promise<AreaStore> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  await pool.query(TABLE);
  /** The outcome of a change only the owner may make: done, missing, or someone else's. */
  const ownedChange = async (sql: string, params: unknown[]): Promise<OwnedOutcome> => {
    const { rows } = await pool.query<{ before: Row | null; after: Row | null }>(sql, params);
    const { before, after } = rows[0] ?? { before: null, after: null };
    if (after) return { kind: 'done', area: areaOf(after) };
    return before ? { kind: 'not_yours', owner: before.owner } : { kind: 'missing' };
  };
  return {
    list: async (person) => {
      const { rows } = await pool.query<Row>(
        `SELECT ${COLUMNS} FROM saved_areas WHERE owner = $1 OR shared`,
        [person],
      );
      return rows.map(areaOf);
    },
    put: async (id, owner, content, maxAreas): Promise<PutOutcome> => {
      const { rows } = await pool.query<{ before: Row | null; written: Row | null }>(PUT, [
        id,
        owner,
        Date.now(),
        JSON.stringify(content),
        maxAreas,
      ]);
      const { before, written } = rows[0] ?? { before: null, written: null };
      if (written)
        return { kind: 'written', area: areaOf(written), previous: before && areaOf(before) };
      return before ? { kind: 'not_yours', owner: before.owner } : { kind: 'full' };
    },
    remove: (id, owner) =>
      ownedChange(
        `WITH before AS (SELECT owner FROM saved_areas WHERE id = $1),
         gone AS (DELETE FROM saved_areas WHERE id = $1 AND owner = $2 RETURNING ${COLUMNS})
         SELECT (SELECT row_to_json(b) FROM before b) AS before,
                (SELECT row_to_json(g) FROM gone g) AS after`,
        [id, owner],
      ),
    setShared: (id, owner, shared) =>
      ownedChange(
        `WITH before AS (SELECT owner FROM saved_areas WHERE id = $1),
         changed AS (UPDATE saved_areas SET shared = $3, updated_at = $4
           WHERE id = $1 AND owner = $2 RETURNING ${COLUMNS})
         SELECT (SELECT row_to_json(b) FROM before b) AS before,
                (SELECT row_to_json(c) FROM changed c) AS after`,
        [id, owner, shared, Date.now()],
      ),
    close: () => pool.end(),
  };
}
