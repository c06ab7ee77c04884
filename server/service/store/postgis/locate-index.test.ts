// locate of the newest release from the in-process index (locate-index.ts) stays in step with
// the database: a change an import makes (its rows, and its line in the ledger) is answered
// within a few seconds, as the store without the index answers it at once; and while the
// database cannot be reached, the newest release's locate answers as before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateOptions } from '../../../contract/schemas/locate';
import { exportDemo } from '../../../demo/export/export-demo';
import { generateFabric } from '../../../demo/generate-fabric';
import { runImport } from '../../../postgis/import/run-import';
import { startPrivateCluster, type PrivateCluster } from '../../../postgis/testing/private-cluster';
import type { Fabric } from '../fabric';
import type { LocatePoint, Store } from '../store';
import { StoreUnavailable } from '../store-unavailable';
import { LEDGER_CHECK_MS } from './locate-index';
import { openPostgisStore } from './postgis-store';

let cluster: PrivateCluster;
let fabric: Fabric;
let indexed: Store;
let direct: Store;

beforeAll(async () => {
  cluster = await startPrivateCluster();
  const dir = mkdtempSync(join(tmpdir(), 'explorer-locate-index-'));
  try {
    fabric = generateFabric({ seed: 29, locations: 1500 });
    const manifest = await exportDemo(fabric, dir);
    await runImport({
      url: cluster.url,
      files: manifest.files.map((f) => ({ ...f, path: join(dir, f.path) })),
      uuidSeed: manifest.seed,
      rejectsPath: null,
      progress: null,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  indexed = await openPostgisStore(cluster.url, { poolSize: 2, connectTimeoutMs: 1000 });
  direct = await openPostgisStore(cluster.url, { poolSize: 2, locateIndex: false });
}, 120_000);

afterAll(async () => {
  await indexed?.close();
  await direct?.close();
  cluster?.stop();
});

const OPTIONS = locateOptions({});

describe('locate from the in-process index', () => {
  it('answers a change an import made, as the database does', async () => {
    const v = fabric.vintages.at(-1)!.vintage;
    const loc = fabric.locations;
    const newest = 1 << (fabric.vintages.length - 1);
    // A location of the newest release that its own point locates (on its parcel).
    let point: LocatePoint | null = null;
    let id = 0;
    for (let i = 0; i < loc.count && !point; i++) {
      if (!(loc.presence[i] & newest) || loc.parcel[i] < 0) continue;
      const p = { latitude: loc.lat[i], longitude: loc.lng[i], sourcekey: null };
      const [a] = await indexed.locate(v, p, OPTIONS);
      if (a?.location_id === loc.locationId[i] && a.distancem === 0)
        [point, id] = [p, a.location_id];
    }
    expect(point).not.toBeNull();
    const before = await indexed.locate(v, point!, OPTIONS);
    expect(before).toEqual(await direct.locate(v, point!, OPTIONS));

    // What a corrected locations file of the release does: the location moved far away (its
    // rows replaced), the file's line in the ledger.
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `UPDATE locations_${v} SET longitude = longitude + 0.5 WHERE location_id = $1`,
        [id],
      );
      await client.query(
        `INSERT INTO import_files (kind, vintage, scope, name, bytes, sha256, rows_loaded,
                                   rows_rejected, seconds, published)
         VALUES ('locations', $1, 'correction', 'corrected.csv', 1, 'x', 1, 0, 0, true)`,
        [v],
      );
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    const after = await direct.locate(v, point!, OPTIONS);
    expect(after).not.toEqual(before);
    await expect
      .poll(() => indexed.locate(v, point!, OPTIONS), {
        timeout: 10 * LEDGER_CHECK_MS,
        interval: 100,
      })
      .toEqual(after);
  }, 60_000);

  it('keeps answering while the database is down; an older release is refused', async () => {
    const [v, older] = [fabric.vintages.at(-1)!.vintage, fabric.vintages.at(-2)!.vintage];
    const i = fabric.locations.count - 1;
    const point = {
      latitude: fabric.locations.lat[i],
      longitude: fabric.locations.lng[i],
      sourcekey: null,
    };
    const answer = await direct.locate(v, point, OPTIONS);
    expect(answer).toHaveLength(1);
    // A store opened now has its index built (opening waits for it) and current: the store of
    // the test above may still be rebuilding after its import, asking the database meanwhile.
    const opened = await openPostgisStore(cluster.url, { poolSize: 2, connectTimeoutMs: 1000 });
    cluster.halt('immediate');
    try {
      await expect(direct.locate(v, point, OPTIONS)).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(opened.locate(older, point, OPTIONS)).rejects.toBeInstanceOf(StoreUnavailable);
      expect(await opened.locate(v, point, OPTIONS)).toEqual(answer);
    } finally {
      cluster.resume();
      await opened.close();
    }
  }, 60_000);
});
