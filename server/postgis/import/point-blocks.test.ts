// point_blocks as an import leaves them: every location of each release once, in blocks of at
// most BLOCK_POINTS with true boxes, its packed fields equal to the rows they come from; one
// point per parcel and footprint; and rebuilt when, and only when, a file they come from changes.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDemo } from '../../demo/export/export-demo';
import { generateFabric } from '../../demo/generate-fabric';
import { startPrivateCluster, type PrivateCluster } from '../testing/private-cluster';
import {
  BLOCK_POINTS,
  fieldColumns,
  pointColumns,
  unpackFields,
  unpackPoints,
} from '../point-blocks';
import { runImport, type ImportFile } from './run-import';

let cluster: PrivateCluster;
let dir: string;
let db: pg.Client;
let files: ImportFile[];

const load = (f: ImportFile[]) =>
  runImport({ url: cluster.url, files: f, progress: null, uuidSeed: 9, rejectsPath: null });

interface Block {
  layer: number;
  vintage: string;
  block: number;
  first: number;
  n: number;
  west: number;
  south: number;
  east: number;
  north: number;
  points: Buffer;
  fields: Buffer | null;
  version: string;
}

async function blocks(layer: number, vintage: string): Promise<Block[]> {
  const { rows } = await db.query<Block>(
    `SELECT layer, vintage, block, first, n, west, south, east, north, points, fields,
            xmin::text AS version
       FROM point_blocks WHERE layer = $1 AND vintage = $2 ORDER BY block`,
    [layer, vintage],
  );
  return rows;
}

/** Every point of the blocks, unpacked, with its fields when the blocks carry them. */
function unpack(list: Block[]) {
  const count = list.reduce((s, b) => s + b.n, 0);
  const points = pointColumns(count);
  const fields = fieldColumns(count);
  let at = 0;
  for (const b of list) {
    unpackPoints(b.points, b.n, points, at);
    if (b.fields) unpackFields(b.fields, b.n, fields, at);
    at += b.n;
  }
  return { count, points, fields };
}

beforeAll(async () => {
  cluster = await startPrivateCluster();
  dir = mkdtempSync(join(tmpdir(), 'explorer-blocks-'));
  const manifest = await exportDemo(generateFabric({ seed: 9, locations: 1500 }), dir);
  files = manifest.files.map((f) => ({
    kind: f.kind,
    vintage: f.vintage,
    path: join(dir, f.path),
  }));
  await load(files);
  db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
}, 300_000);

afterAll(async () => {
  await db?.end();
  cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('point blocks', () => {
  it("hold each release's locations once, in full blocks with true boxes and their rows' fields", async () => {
    const { rows: releases } = await db.query<{ vintage: string }>(
      'SELECT vintage FROM fabric_vintages ORDER BY vintage',
    );
    expect(releases.length).toBe(5);
    for (const { vintage } of releases) {
      const list = await blocks(0, vintage);
      expect(list.slice(0, -1).every((b) => b.n === BLOCK_POINTS)).toBe(true);
      list.forEach((b, k) => expect(b.first).toBe(k * BLOCK_POINTS));
      const { count, points, fields } = unpack(list);
      const { rows } = await db.query(
        `SELECT f.feature, l.longitude, l.latitude, l.unit_count, l.bsl_flag, c.max_down_mbps,
                c.provider_count, c.served_status
           FROM locations l JOIN location_features f USING (location_id)
           JOIN location_coverage c ON c.vintage = l.vintage AND c.location_id = l.location_id
          WHERE l.vintage = $1`,
        [vintage],
      );
      expect(count).toBe(rows.length);
      const byFeature = new Map(rows.map((r) => [r.feature as number, r]));
      for (let k = 0; k < count; k++) {
        const r = byFeature.get(points.feature[k])!;
        byFeature.delete(points.feature[k]);
        expect([points.x[k], points.y[k]]).toEqual([r.longitude, r.latitude]);
        expect([fields.unitCount[k], fields.bslFlag[k], fields.maxDown[k]]).toEqual([
          r.unit_count,
          r.bsl_flag,
          r.max_down_mbps,
        ]);
        expect([fields.providers[k], fields.servedStatus[k]]).toEqual([
          r.provider_count,
          r.served_status,
        ]);
      }
      expect(byFeature.size).toBe(0);
      for (const b of list) {
        const own = unpack([b]).points;
        expect([b.west, b.south, b.east, b.north]).toEqual([
          Math.min(...own.x),
          Math.min(...own.y),
          Math.max(...own.x),
          Math.max(...own.y),
        ]);
      }
    }
  });

  it('hold one point per parcel and per footprint, inside it', async () => {
    for (const [layer, table] of [
      [1, 'parcels'],
      [2, 'footprints'],
    ] as const) {
      const { count, points } = unpack(await blocks(layer, '202306'));
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE vintage = '202306'`,
      );
      expect(count).toBe(rows[0].n);
      expect(new Set(points.feature).size).toBe(count);
      const sample = Array.from({ length: 40 }, (_, k) => Math.floor((k * count) / 40));
      const { rows: covered } = await db.query<{ inside: boolean }>(
        `SELECT ST_Covers(t.geom, ST_SetSRID(ST_MakePoint(p.x, p.y), 4326)) AS inside
           FROM unnest($1::int[], $2::float8[], $3::float8[]) AS p(feature, x, y)
           JOIN ${table} t ON t.vintage = '202306' AND t.feature = p.feature`,
        [
          sample.map((k) => points.feature[k]),
          sample.map((k) => points.x[k]),
          sample.map((k) => points.y[k]),
        ],
      );
      expect(covered.every((r) => r.inside)).toBe(true);
    }
  });

  it('are left as they are when nothing changed, and rebuilt from a replaced fixed file', async () => {
    const before = await blocks(0, '202506');
    await load(files);
    expect((await blocks(0, '202506')).map((b) => b.version)).toEqual(before.map((b) => b.version));
    // The newest release's cable file loses every other offer.
    const cable = files.find(
      (f) => f.kind === 'fixed' && f.vintage === '202506' && /Cable/.test(f.path),
    )!;
    const [head, ...lines] = readFileSync(cable.path, 'utf8').trimEnd().split('\n');
    mkdirSync(join(dir, 'fewer'));
    const fewer = join(dir, 'fewer', cable.path.split('/').pop()!);
    writeFileSync(fewer, [head, ...lines.filter((_, k) => k % 2 === 0)].join('\n') + '\n');
    await load([{ ...cable, path: fewer }]);
    const after = await blocks(0, '202506');
    expect(after.some((b, k) => b.version !== before[k].version)).toBe(true);
    const { points, fields } = unpack(after);
    const { rows } = await db.query<{ feature: number; d: number }>(
      `SELECT f.feature, c.max_down_mbps AS d FROM location_coverage c
         JOIN location_features f USING (location_id) WHERE c.vintage = '202506'`,
    );
    const down = new Map(rows.map((r) => [r.feature, r.d]));
    let changed = 0;
    const old = unpack(before).fields;
    points.feature.forEach((f, k) => {
      expect(fields.maxDown[k]).toBe(down.get(f));
      if (fields.maxDown[k] !== old.maxDown[k]) changed++;
    });
    expect(changed).toBeGreaterThan(0);
  });
});
