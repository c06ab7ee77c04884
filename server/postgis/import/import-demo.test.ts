// The whole path end to end: a small demo fabric generated, exported in the published layouts
// (fixed files zipped, layers as GeoPackage), imported into a private PostGIS cluster, and the
// database checked against the memory fabric: row counts, records as the service reads them,
// the parcel and footprint of every location, uuid feature ranks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDemo, MANIFEST_NAME } from '../../demo/export/export-demo';
import { generateFabric } from '../../demo/generate-fabric';
import { fixedRecords, mobileRecords } from '../../service/store/memory/ops/coverage-records';
import { locationRecord } from '../../service/store/memory/ops/location-records';
import type { Fabric } from '../../service/store/fabric';
import { buildFabricIndex, type FabricIndex } from '../../service/store/memory/fabric-index';
import { startPrivateCluster, type PrivateCluster } from '../testing/private-cluster';
import { readManifest, runImport, type ImportReport } from './run-import';
import { startAt } from '../../service/store/record-starts';

let cluster: PrivateCluster;
let dir: string;
let fabric: Fabric;
let ix: FabricIndex;
let db: pg.Client;
let report: ImportReport;

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(sql, params)).rows[0].n);

beforeAll(async () => {
  cluster = await startPrivateCluster();
  dir = mkdtempSync(join(tmpdir(), 'explorer-export-'));
  fabric = generateFabric({ seed: 11, locations: 2000 });
  ix = buildFabricIndex(fabric);
  await exportDemo(fabric, dir, { zip: true, gpkg: true });
  const manifest = await readManifest(join(dir, MANIFEST_NAME));
  report = await runImport({
    url: cluster.url,
    files: manifest.files,
    uuidSeed: manifest.seed,
    progress: null,
  });
  db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('demo fabric exported and imported into PostGIS', () => {
  it('holds every row of every release, nothing rejected', async () => {
    expect(report.rejected).toBe(0);
    const loc = fabric.locations;
    for (const [vi, { vintage }] of fabric.vintages.entries()) {
      let present = 0;
      for (let i = 0; i < loc.count; i++) if (loc.presence[i] & (1 << vi)) present++;
      const q = (t: string) =>
        count(`SELECT count(*) AS n FROM ${t} WHERE vintage = $1`, [vintage]);
      expect(await q('locations')).toBe(present);
      expect(await q('fixed_availability')).toBe(
        startAt(fabric.fixedCoverage[vi].start, loc.count),
      );
      const mobile = fabric.mobileCoverage[vi];
      expect(await q('mobile_coverage')).toBe(mobile.start[mobile.cellHigh.length]);
    }
    const retired = loc.reLocationId.filter((r) => r !== 0).length;
    expect(await count('SELECT count(*) AS n FROM retirements')).toBe(retired);
    expect(await count('SELECT count(*) AS n FROM parcels')).toBe(fabric.parcels.geometry.count);
    expect(await count('SELECT count(*) AS n FROM footprints')).toBe(
      fabric.footprints.geometry.count,
    );
    expect(await count('SELECT count(*) AS n FROM roads')).toBe(fabric.roads.geometry.count);
    const { rows } = await db.query(
      'SELECT vintage, svcversion, fccrelease FROM fabric_vintages ORDER BY vintage',
    );
    expect(rows).toEqual(
      fabric.vintages.map((v) => ({
        vintage: v.vintage,
        svcversion: v.svcversion,
        fccrelease: v.fccrelease,
      })),
    );
  });

  it('gives the records the memory store gives, coordinates to the bit', async () => {
    const loc = fabric.locations;
    const vi = fabric.vintages.length - 1;
    const vintage = fabric.vintages[vi].vintage;
    const apartment = loc.unit.findIndex((u, i) => u > 0 && (loc.presence[i] & (1 << vi)) !== 0);
    const sample = [0, 1, apartment, Math.floor(loc.count / 2), loc.count - 1].filter(
      (i) => loc.presence[i] & (1 << vi),
    );
    expect(sample.length).toBeGreaterThanOrEqual(3);
    for (const i of sample) {
      const m = locationRecord(ix, vi, i);
      const { rows } = await db.query(
        `SELECT location_id::float8 AS location_id, address_primary, city, state, zip, zip_suffix, unit_count,
                bsl_flag, building_type_code, land_use_code, county_geoid, block_geoid, h3_9 AS h3_res9_id,
                latitude, longitude
           FROM locations WHERE vintage = $1 AND location_id = $2`,
        [vintage, m.location_id],
      );
      const {
        uuid: _u,
        state_abbr: _s,
        h3_res8_id: _h,
        served_status: _st,
        max_down_mbps: _d,
        max_up_mbps: _up,
        provider_count: _p,
        fiber_provider_count: _f,
        ...stored
      } = m;
      expect(rows[0]).toEqual(stored);
      const fixed = await db.query(
        `SELECT location_id::text, provider_id, frn, brand_name, technology AS technology_code,
                max_advertised_download_speed, max_advertised_upload_speed, low_latency,
                business_residential_code, 1 AS coverage
           FROM fixed_availability WHERE vintage = $1 AND location_id = $2 ORDER BY provider_id, technology`,
        [vintage, m.location_id],
      );
      expect(fixed.rows).toEqual(fixedRecords(ix, vi, [m.location_id]));
      const mobile = await db.query(
        `SELECT h3_res9_id, frn, provider_id AS providerid, brand_name AS brandname, technology,
                mindown, minup, minsignal, environment
           FROM mobile_coverage WHERE vintage = $1 AND h3_res9_id = $2`,
        [vintage, m.h3_res9_id],
      );
      const key = (r: Record<string, unknown>) => JSON.stringify(Object.values(r));
      const sorted = (rs: Record<string, unknown>[]) => rs.map(key).sort();
      expect(sorted(mobile.rows)).toEqual(sorted(mobileRecords(ix, vi, [m.h3_res9_id]) as never));
    }
  });

  it('finds the parcel and footprint of every location, and the parcel of every footprint', async () => {
    const loc = fabric.locations;
    for (const [vi, { vintage }] of fabric.vintages.entries()) {
      const { rows } = await db.query<{ id: number; p: number | null; f: number | null }>(
        `SELECT l.location_id::float8 AS id, a.parcel_feature AS p, a.footprint_feature AS f
           FROM locations l LEFT JOIN location_areas a USING (vintage, location_id)
          WHERE l.vintage = $1 ORDER BY l.location_id`,
        [vintage],
      );
      const expected = [];
      for (let i = 0; i < loc.count; i++) {
        if (!(loc.presence[i] & (1 << vi))) continue;
        const p = loc.parcel[i];
        const f = loc.footprint[i];
        expected.push({ id: loc.locationId[i], p: p < 0 ? null : p, f: f < 0 ? null : f });
      }
      expect(rows).toEqual(expected);
    }
    const { rows } = await db.query<{ f: number; p: number }>(
      `SELECT footprint_feature AS f, parcel_feature AS p FROM footprint_parcels
        WHERE parcels_vintage = $1 AND footprints_vintage = $1 ORDER BY footprint_feature`,
      [fabric.vintages[0].vintage],
    );
    const expected = [...fabric.footprints.parcel].flatMap((p, f) => (p < 0 ? [] : [{ f, p }]));
    expect(rows).toEqual(expected);
  });

  it('ranks every location_id as the memory store orders locations, and keeps its uuid seed', async () => {
    const { rows } = await db.query<{ id: number; feature: number }>(
      'SELECT location_id::float8 AS id, feature FROM location_features ORDER BY feature',
    );
    expect(rows.map((r) => r.id)).toEqual([...fabric.locations.locationId]);
    expect(rows.every((r, i) => r.feature === i)).toBe(true);
    const seed = await db.query(`SELECT value FROM dataset_settings WHERE key = 'uuid_seed'`);
    expect(Number(seed.rows[0].value)).toBe(fabric.seed);
  });

  it('skips every file when the same import runs again, and changes nothing', async () => {
    const before = await count('SELECT count(*) AS n FROM fixed_availability');
    const manifest = await readManifest(join(dir, MANIFEST_NAME));
    const again = await runImport({
      url: cluster.url,
      files: manifest.files,
      uuidSeed: manifest.seed,
      progress: null,
    });
    expect(again.outcomes.every((o) => o.status === 'skipped')).toBe(true);
    expect(await count('SELECT count(*) AS n FROM fixed_availability')).toBe(before);
  });
});
