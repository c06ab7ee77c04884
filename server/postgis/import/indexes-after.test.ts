// A derived table filled from empty is filled bare and indexed after, ending with the very
// indexes it began with; a table holding rows keeps its indexes while it is written.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPrivateCluster, type PrivateCluster } from '../testing/private-cluster';
import { holdsNoRow, withIndexesAfter } from './indexes-after';

let cluster: PrivateCluster;
let client: pg.Client;

beforeAll(async () => {
  cluster = await startPrivateCluster();
  client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client?.end();
  cluster?.stop();
});

beforeEach(async () => {
  await client.query('DROP TABLE IF EXISTS areas');
  await client.query(
    `CREATE TABLE areas (vintage text NOT NULL, location_id bigint NOT NULL, parcel integer,
       code text, PRIMARY KEY (vintage, location_id), UNIQUE (code))`,
  );
  await client.query('CREATE INDEX areas_parcel ON areas (vintage, parcel) WHERE parcel > 0');
});

/** Every index of `areas` by its definition (constraints' included). */
async function definitions(): Promise<string[]> {
  const { rows } = await client.query<{ def: string }>(
    `SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index
      WHERE indrelid = 'areas'::regclass ORDER BY 1`,
  );
  return rows.map((r) => r.def);
}

const fill = (from: number) =>
  client.query(
    `INSERT INTO areas SELECT '202506', g, g % 7, 'c' || g FROM generate_series($1::int, $1 + 999) g`,
    [from],
  );

describe('withIndexesAfter', () => {
  it('fills an empty table with no index in place, then makes the same indexes again', async () => {
    const before = await definitions();
    expect(before).toHaveLength(3);
    expect(await holdsNoRow(client, 'areas')).toBe(true);
    await client.query('BEGIN');
    const during = await withIndexesAfter(client, 'areas', true, async () => {
      await fill(1);
      return definitions();
    });
    await client.query('COMMIT');
    expect(during).toEqual([]);
    expect(await definitions()).toEqual(before);
    const { rows } = await client.query<{ conname: string; contype: string }>(
      `SELECT conname, contype FROM pg_constraint WHERE conrelid = 'areas'::regclass ORDER BY 1`,
    );
    expect(rows).toEqual([
      { conname: 'areas_code_key', contype: 'u' },
      { conname: 'areas_pkey', contype: 'p' },
    ]);
    expect(await holdsNoRow(client, 'areas')).toBe(false);
  });

  it('keeps the indexes in place while it writes into a table holding rows', async () => {
    await fill(1);
    const before = await definitions();
    const empty = await holdsNoRow(client, 'areas');
    expect(empty).toBe(false);
    const during = await withIndexesAfter(client, 'areas', empty, async () => {
      await fill(5000);
      return definitions();
    });
    expect(during).toEqual(before);
  });

  it('still refuses duplicate keys, when the key is made again, and leaves the table as it was', async () => {
    const before = await definitions();
    await client.query('BEGIN');
    await expect(
      withIndexesAfter(client, 'areas', true, async () => {
        await fill(1);
        await fill(1);
      }),
    ).rejects.toThrow(/could not create unique index "areas_code_key"|areas_pkey/);
    await client.query('ROLLBACK');
    expect(await definitions()).toEqual(before);
    expect(await holdsNoRow(client, 'areas')).toBe(true);
  });
});
