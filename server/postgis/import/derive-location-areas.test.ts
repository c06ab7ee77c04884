// The parcel and footprint of each location, and the parcel of each footprint, come out the same
// whichever way they are probed: a release imported alone (each parcel and footprint probing
// its locations by a join, grouped, which parallel workers may share) and the same release
// imported with four more sharing its layers (each distinct point probed once by a subquery,
// then written per release); each footprint's parcel as its point probed into the parcels finds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDemo } from '../../demo/export/export-demo';
import { generateFabric } from '../../demo/generate-fabric';
import { startPrivateCluster, type PrivateCluster } from '../testing/private-cluster';
import { runImport, type ImportFile } from './run-import';

const NEWEST = '202506';
let cluster: PrivateCluster;
let dir: string;
let alone: string;
let together: string;

async function rows(url: string, sql: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ r: string }>(sql)).rows.map((x) => x.r);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = await startPrivateCluster();
  dir = mkdtempSync(join(tmpdir(), 'explorer-areas-'));
  const manifest = await exportDemo(generateFabric({ seed: 5, locations: 1500 }), dir);
  const files: ImportFile[] = manifest.files.map((f) => ({ ...f, path: join(dir, f.path) }));
  const load = (url: string, f: ImportFile[]) =>
    runImport({ url, files: f, progress: null, uuidSeed: 5, rejectsPath: null });
  alone = await cluster.createDatabase('alone');
  together = await cluster.createDatabase('together');
  // The geometry layers are exported once, as the first release's, and serve every release.
  const layer = (f: ImportFile) => ['parcels', 'footprints', 'roads'].includes(f.kind);
  await load(
    alone,
    files.filter((f) => f.vintage === NEWEST || layer(f)),
  );
  await load(together, files);
}, 300_000);

afterAll(() => {
  cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('location areas', () => {
  it('a release alone gets the same parcel and footprint of each location as with others', async () => {
    const sql = `SELECT concat_ws(' ', location_id, coalesce(parcel_feature::text, '-'),
                                    coalesce(footprint_feature::text, '-')) AS r
                   FROM location_areas WHERE vintage = '${NEWEST}' ORDER BY location_id`;
    const [a, t] = [await rows(alone, sql), await rows(together, sql)];
    expect(a.length).toBeGreaterThan(1000);
    // Some locations lie in a parcel without a footprint, some in both.
    expect(a.some((r) => / \d+ -$/.test(r))).toBe(true);
    expect(a.some((r) => / \d+ \d+$/.test(r))).toBe(true);
    expect(a).toEqual(t);
  });

  it('and the parcel of each footprint is the lowest covering its point on surface', async () => {
    const sql = `SELECT concat_ws(' ', footprint_feature, parcel_feature) AS r
                   FROM footprint_parcels ORDER BY footprint_feature`;
    // Probed the other way round from the importer's: each footprint's point into the parcels.
    const probed = `SELECT concat_ws(' ', fp.feature, pa.feature) AS r
                      FROM fabric_layers fl
                      JOIN footprints fp ON fp.vintage = fl.footprints_vintage
                      CROSS JOIN LATERAL (
                        SELECT min(p.feature) AS feature FROM parcels p
                         WHERE p.vintage = fl.parcels_vintage
                           AND ST_Covers(p.geom, ST_PointOnSurface(fp.geom))) pa
                     WHERE fl.vintage = '${NEWEST}' AND pa.feature IS NOT NULL
                     ORDER BY fp.feature`;
    const [a, t] = [await rows(alone, sql), await rows(together, sql)];
    expect(a.length).toBeGreaterThan(500);
    expect(a).toEqual(t);
    expect(a).toEqual(await rows(alone, probed));
  });
});
