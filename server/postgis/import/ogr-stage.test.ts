// ogr2ogr stages a layer without blocking the importer's event loop: the CSV files load on the
// other queue meanwhile (run-import.ts), which a synchronous child process would stall.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateCluster, type PrivateCluster } from '../testing/private-cluster';
import { stageLayer } from './ogr-stage';

let cluster: PrivateCluster;
let dir: string;

/** `n` square parcels in a row, as GeoJSON. */
function parcels(n: number): string {
  const features = Array.from({ length: n }, (_, i) => {
    const [x, y] = [-89.6 + (i % 300) * 1e-4, 39.8 + Math.floor(i / 300) * 1e-4];
    const ring = [
      [x, y],
      [x + 9e-5, y],
      [x + 9e-5, y + 9e-5],
      [x, y + 9e-5],
      [x, y],
    ];
    return {
      type: 'Feature',
      properties: { parcel_id: `P${i}` },
      geometry: { type: 'Polygon', coordinates: [ring] },
    };
  });
  return JSON.stringify({ type: 'FeatureCollection', features });
}

beforeAll(async () => {
  cluster = await startPrivateCluster();
  dir = mkdtempSync(join(tmpdir(), 'explorer-ogr-'));
}, 120_000);

afterAll(() => {
  cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Rows in a staging table. */
async function stagedRows(table: string): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${pg.escapeIdentifier(table)}`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('stageLayer', () => {
  it('stages every feature while the event loop goes on', async () => {
    const path = join(dir, 'parcels.geojson');
    writeFileSync(path, parcels(30_000));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      await stageLayer(cluster.url, 'parcels', path, 'parcels.geojson', 'stage_parcels');
    } finally {
      clearInterval(timer);
    }
    expect(await stagedRows('stage_parcels')).toBe(30_000);
    // A GDAL run over 30,000 features takes well over the few milliseconds of two ticks.
    expect(ticks).toBeGreaterThan(2);
  });

  it('stages a GeoJSON file without listing its layers first (which reads it all once more)', async () => {
    const path = join(dir, 'unlisted.geojson');
    writeFileSync(path, parcels(10));
    // An ogrinfo first on the PATH that only fails: listing the layers would refuse the file.
    const bin = join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'ogrinfo'), '#!/bin/sh\necho "not to be run" >&2\nexit 1\n', {
      mode: 0o755,
    });
    const path0 = process.env.PATH;
    process.env.PATH = `${bin}:${path0}`;
    try {
      await stageLayer(cluster.url, 'parcels', path, 'unlisted.geojson', 'stage_unlisted');
    } finally {
      process.env.PATH = path0;
    }
    expect(await stagedRows('stage_unlisted')).toBe(10);
  });

  it('refuses a file GDAL cannot read, naming it', async () => {
    const path = join(dir, 'broken.geojson');
    writeFileSync(path, '{"type": "FeatureCollection", "features": [');
    await expect(
      stageLayer(cluster.url, 'parcels', path, 'broken.geojson', 'stage_broken'),
    ).rejects.toThrow(/broken\.geojson: GDAL cannot read it/);
  });
});
