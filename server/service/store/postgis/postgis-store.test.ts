// The PostGIS store's lookups against the memory store over the same fabric: a small demo fabric
// exported, imported into a private cluster, and both stores asked through the Store interface
// (records of every location of every release, coverage fields included, uuids both ways,
// history, fixed and mobile coverage, parcels and footprints, places); then how it opens and closes, and
// the app server and the standalone service over it (STORE=postgis).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { latLngToCell } from 'h3-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../../../app/start-app-server';
import { exportDemo } from '../../../demo/export/export-demo';
import { generateFabric } from '../../../demo/generate-fabric';
import { runImport } from '../../../postgis/import/run-import';
import { startPrivateCluster, type PrivateCluster } from '../../../postgis/testing/private-cluster';
import type { Fabric } from '../fabric';
import { createMemoryStore } from '../memory/memory-store';
import type { Store } from '../store';
import { createUuidCodec } from '../uuid-codec';
import { openPostgisStore } from './postgis-store';

let cluster: PrivateCluster;
let fabric: Fabric;
let memory: Store;
let subject: Store;

beforeAll(async () => {
  cluster = await startPrivateCluster();
  const dir = mkdtempSync(join(tmpdir(), 'explorer-pgstore-'));
  try {
    fabric = generateFabric({ seed: 23, locations: 1500 });
    const manifest = await exportDemo(fabric, dir);
    const report = await runImport({
      url: cluster.url,
      files: manifest.files.map((f) => ({ ...f, path: join(dir, f.path) })),
      uuidSeed: manifest.seed,
      rejectsPath: null,
      progress: null,
    });
    expect(report.rejected).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  memory = createMemoryStore(fabric);
  subject = await openPostgisStore(cluster.url, { poolSize: 4 });
}, 120_000);

afterAll(async () => {
  await subject?.close();
  await memory?.close();
  cluster?.stop();
});

/** Both stores' answers to the same call. */
async function both<T>(ask: (s: Store) => Promise<T>): Promise<[T, T]> {
  return [await ask(subject), await ask(memory)];
}

const ids = () => [...fabric.locations.locationId];
const chunks = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, k) =>
    list.slice(k * size, (k + 1) * size),
  );

describe('PostGIS store lookups, against the memory store', () => {
  it('lists the same releases, coverage vintages, layers and fields', async () => {
    for (const ask of [
      (s: Store) => s.fabricVintages(),
      (s: Store) => s.coverageVintages(),
      (s: Store) => s.layers(),
      (s: Store) => s.fields(fabric.vintages[0].vintage, 'locations'),
    ]) {
      const [got, want] = await both<unknown>(ask);
      expect(JSON.stringify(got)).toBe(JSON.stringify(want));
    }
  });

  it('gives every record of every release, coverage fields and uuids included, in the order asked', async () => {
    for (const { vintage } of fabric.vintages) {
      // Reversed, with an unknown id and a repeat: the answer follows the question.
      const asked = [...ids().reverse(), 999_999_999, ids()[3]];
      for (const part of chunks(asked, 1000)) {
        const [got, want] = await both((s) =>
          s.bulkLocations(vintage, { location_id: part }, ['uuid', 'served_status']),
        );
        expect(got).toEqual(want);
      }
      const all = await memory.bulkLocations(vintage, { location_id: ids() }, ['uuid']);
      expect(all.length).toBeGreaterThan(0);
      for (const part of chunks(
        all.map((r) => r.uuid!),
        1000,
      )) {
        const fields = [
          'served_status',
          'max_down_mbps',
          'max_up_mbps',
          'provider_count',
          'fiber_provider_count',
          'h3_res8_id',
        ];
        const [got, want] = await both((s) => s.bulkLocations(vintage, { uuid: part }, fields));
        expect(JSON.stringify(got)).toBe(JSON.stringify(want));
      }
    }
  });

  it('answers data by location_id and by uuid, and nothing for another release or layer', async () => {
    const v = fabric.vintages.at(-1)!.vintage;
    const older = fabric.vintages[0].vintage;
    const sample = [ids()[0], ids()[700], ids().at(-1)!];
    for (const id of sample) {
      for (const vintage of [v, older]) {
        const [got, want] = await both((s) => s.locationData(vintage, { location_id: id }));
        expect(JSON.stringify(got)).toBe(JSON.stringify(want));
        const uuid = want[0]?.uuid;
        if (!uuid) continue;
        const [byUuid, wantByUuid] = await both((s) => s.locationData(vintage, { uuid }));
        expect(JSON.stringify(byUuid)).toBe(JSON.stringify(wantByUuid));
        // The same uuid read in another release names nothing.
        const other = vintage === v ? older : v;
        expect(await subject.locationData(other, { uuid })).toEqual([]);
      }
    }
    const served = await memory.bulkLocations(v, { location_id: ids() }, ['served_status']);
    // The fabric has every status, so the comparison above is not of zeros only.
    expect(new Set(served.map((r) => r.served_status))).toEqual(
      new Set(['served', 'underserved', 'unserved', 'notbsl']),
    );
  });

  it('translates both ways as the memory store does, leading zeros and bad ids included', async () => {
    const v = fabric.vintages.at(-1)!.vintage;
    const [rec] = await memory.locationData(v, { location_id: ids()[10] });
    const asks: ['location_id' | 'uuid', string][] = [
      ['location_id', String(rec.location_id)],
      ['location_id', `00${rec.location_id}`],
      ['location_id', '12x'],
      ['location_id', '1'],
      ['uuid', rec.uuid],
      ['uuid', rec.uuid.replace(/.$/, (c) => (c === '0' ? '1' : '0'))],
      ['uuid', 'not-a-uuid'],
    ];
    for (const [src, id] of asks) {
      const dest = src === 'uuid' ? 'location_id' : 'uuid';
      const [got, want] = await both((s) => s.translate(v, src, dest, id));
      expect(got, `${src} ${id}`).toEqual(want);
    }
  });

  it('gives the same history for every location as of every release', async () => {
    const retired = ids().filter((_, i) => fabric.locations.reLocationId[i] > 0);
    expect(retired.length).toBeGreaterThan(0);
    const asked = [...retired, ...ids().filter((_, i) => i % 7 === 0), 123];
    for (const { vintage } of fabric.vintages) {
      for (const id of asked) {
        const [got, want] = await both((s) => s.history(vintage, id));
        expect(got, `${id} at ${vintage}`).toEqual(want);
      }
    }
  });

  it('gives the same fixed and mobile coverage records, in the same order', async () => {
    const cells = [
      ...new Set(
        ids().map((_, i) => latLngToCell(fabric.locations.lat[i], fabric.locations.lng[i], 9)),
      ),
    ];
    for (const vintage of await memory.coverageVintages()) {
      for (const part of chunks([...ids(), 42, ids()[0]], 500)) {
        const [got, want] = await both((s) => s.fixedCoverage(vintage, part));
        expect(JSON.stringify(got)).toBe(JSON.stringify(want));
      }
      for (const part of chunks(cells, 300)) {
        const [got, want] = await both((s) => s.mobileCoverage(vintage, part));
        expect(JSON.stringify(got)).toBe(JSON.stringify(want));
      }
    }
    expect(await subject.fixedCoverage('209912', ids().slice(0, 5))).toEqual([]);
  });

  it('finds the same places, addresses included, for towns, ZIP codes and streets', async () => {
    const v = fabric.vintages.at(-1)!.vintage;
    const town = fabric.towns[0];
    const roads = fabric.roads.name;
    // Streets with locations on them, one with apartments (an address per house number, the
    // lowest unit), spelt as planners type them.
    const loc = fabric.locations;
    const last = 1 << (fabric.vintages.length - 1);
    const apartment = loc.unit.findIndex((u, i) => u > 1 && (loc.presence[i] & last) !== 0);
    const street = roads[loc.road[apartment]];
    const other = roads[loc.road[900]];
    const asks = [
      town.name,
      town.name.toLowerCase().slice(0, 5),
      `${town.name}, ${fabric.county.state}`,
      town.zip,
      town.zip.slice(0, 3),
      street,
      street.toLowerCase(),
      `${street}, ${town.name}`,
      other.split(' ').slice(0, -1).join(' '),
      'Nowhere Street',
    ];
    let addresses = 0;
    for (const q of asks) {
      for (const max of [10, 3]) {
        const [got, want] = await both((s) => s.places(v, q, max));
        expect(JSON.stringify(got), q).toBe(JSON.stringify(want));
        addresses += want.addresses.length;
      }
    }
    expect(addresses).toBeGreaterThan(0);
  });

  it('gives the same parcel and footprint records', async () => {
    const codec = createUuidCodec(fabric.seed);
    for (const [vi, { vintage }] of fabric.vintages.entries()) {
      for (const [layer, code, count] of [
        ['parcels', 1, fabric.parcels.geometry.count],
        ['footprints', 2, fabric.footprints.geometry.count],
      ] as const) {
        const features = [...Array.from({ length: 40 }, (_, k) => (k * 37) % count), count];
        const uuids = features.map((f) =>
          codec.encode({ layer: code, vintageIndex: vi, feature: f }),
        );
        // One of another release and one of the locations layer: skipped by both.
        uuids.push(codec.encode({ layer: code, vintageIndex: (vi + 1) % 5, feature: 0 }));
        uuids.push(codec.encode({ layer: 0, vintageIndex: vi, feature: 0 }));
        const [got, want] = await both((s) => s.areaFeatures(vintage, layer, uuids));
        expect(got).toEqual(want);
        expect(want.some((r) => r.location_count > 0)).toBe(true);
      }
    }
  });
});

describe('opening and closing the PostGIS store', () => {
  it('makes every call reject once closed', async () => {
    const store = await openPostgisStore(cluster.url, { poolSize: 1 });
    await store.close();
    await expect(store.fabricVintages()).rejects.toThrow('store is closed');
    await expect(store.history('202406', 1)).rejects.toThrow('store is closed');
  });

  it('says the database holds no fabric, or has no PostGIS, or cannot be reached', async () => {
    const empty = await cluster.createDatabase('empty');
    await expect(openPostgisStore(empty)).rejects.toThrow(/holds no fabric: run npm run import/);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE plain');
    await admin.end();
    const plain = cluster.url.replace(/\/[^/]+$/, '/plain');
    await expect(openPostgisStore(plain)).rejects.toThrow(/no PostGIS extension/);
    const nowhere = 'postgres://someone:secret@127.0.0.1:1/db';
    const refused = openPostgisStore(nowhere);
    await expect(refused).rejects.toThrow(/cannot connect .* is PostgreSQL running/);
    await expect(refused).rejects.not.toThrow(/secret/);
  });
});

describe('npm start and npm run service with STORE=postgis', () => {
  it('serves /api from the database, answering as the memory store does', async () => {
    const quiet = { log: () => {}, host: '127.0.0.1', port: 0 };
    const env = { STORE: 'postgis', DATABASE_URL: cluster.url, SERVICE_WORKERS: '0' };
    const overDb = await startAppServer({ ...quiet, env });
    const overMemory = await startAppServer({
      ...quiet,
      env: { SERVICE_WORKERS: '0' },
      store: memory,
    });
    try {
      const health = async (url: string) => (await fetch(`${url}/api/health`)).json();
      const [db, mem] = [await health(overDb.url), await health(overMemory.url)];
      // The imported fabric is named by its database (never the user or password), not as the demo.
      const database = new URL(cluster.url);
      expect(db.label).toBe('Imported fabric');
      expect(db.capabilities.data).toEqual({
        kind: 'imported',
        database: `${database.pathname.slice(1)} on ${database.host}`,
      });
      expect(mem.capabilities.data).toEqual({ kind: 'demo' });
      expect(db.fabricVintages).toEqual(mem.fabricVintages);
      expect(db.coverageVintages).toEqual(mem.coverageVintages);
      const v = fabric.vintages.at(-1)!.vintage;
      const retired = ids().find((_, i) => fabric.locations.reLocationId[i] > 0)!;
      for (const path of [
        `/api/fabricext/${v}/history?location_id=${retired}`,
        `/api/fabric/${v}/data/locations?location_id=${ids()[5]}`,
        `/api/coverage/bdcfixed?location_id=${ids()[5]}&vintage=${v}`,
      ]) {
        const [a, b] = [await fetch(overDb.url + path), await fetch(overMemory.url + path)];
        expect(a.status, path).toBe(200);
        expect(await a.text(), path).toBe(await b.text());
      }
    } finally {
      await overDb.close();
      await overMemory.close();
    }
  });

  it('stops npm run service with a message naming the database when it cannot serve', async () => {
    const run = (url: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/service/main.ts'], {
        env: {
          ...process.env,
          STORE: 'postgis',
          DATABASE_URL: url,
          PORT: '0',
          SERVICE_TOKENS: 't',
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const empty = await cluster.createDatabase('nothing_imported');
    const result = run(empty);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/holds no fabric: run npm run import first/);
    expect(result.stderr).toContain(empty);
  }, 60_000);
});
