// The workspace in PostGIS (STORE=postgis): the demo county synced through a proxy offering
// only the published operations is published into a private cluster, and the app server in
// upstream mode answers the project's own operations, and translate and data, from it as it
// does from the memory workspace; a publish killed before its switch commits leaves the one
// before served.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAppServer, type RunningAppServer } from '../app/start-app-server';
import { parseStoreEnv } from '../config/store-env';
import { startPrivateCluster, type PrivateCluster } from '../postgis/testing/private-cluster';
import { featuresOf, tileOf } from '../service/http-tests/fixed-tile-support';
import type { Fabric } from '../service/store/fabric';
import { startPublishedProxy, TOKEN, type PublishedProxy } from './published-proxy';
import { publishedManifest } from './published-workspace';
import { runSync, type SyncResult } from './run-sync';
import { spawnSync } from './testing/sync-child';
import { demoFabric } from './testing/sync-fixture';
import { COUNTY, syncOptions } from './testing/sync-options';
import { NEIGHBOUR, twoCountyFabric } from './testing/two-counties';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';

let cluster: PrivateCluster;
let service: Fabric;
let proxy: PublishedProxy;
let synced: SyncResult;
let memoryApp: RunningAppServer;
let postgisApp: RunningAppServer;
const dir = mkdtempSync(join(tmpdir(), 'sync-postgis-'));
const empty = mkdtempSync(join(tmpdir(), 'sync-postgis-empty-'));
const quiet = () => {};
const upstreamEnv = () => ({ SERVICE_URL: proxy.url, SERVICE_TOKEN: TOKEN });
const postgisEnv = () => ({ STORE: 'postgis', DATABASE_URL: cluster.url });
const startApp = (env: Record<string, string>) =>
  startAppServer({ port: 0, host: '127.0.0.1', env, log: quiet });

beforeAll(async () => {
  cluster = await startPrivateCluster();
  // Two counties upstream, so a later sync can add the second; the first holds the demo county.
  service = await twoCountyFabric(demoFabric());
  proxy = await startPublishedProxy(service);
  synced = await runSync({ ...syncOptions(proxy.url, dir), store: parseStoreEnv(postgisEnv()) });
  memoryApp = await startApp({ ...upstreamEnv(), WORKSPACE_DIR: dir });
  // An empty workspace folder: whatever this one answers comes from the database.
  postgisApp = await startApp({ ...upstreamEnv(), ...postgisEnv(), WORKSPACE_DIR: empty });
});
afterAll(async () => {
  await Promise.all([memoryApp?.close(), postgisApp?.close()]);
  await proxy?.close();
  cluster?.stop();
  for (const d of [dir, empty]) rmSync(d, { recursive: true, force: true });
});

async function get(app: RunningAppServer, path: string, body?: unknown) {
  const res = await fetch(app.url + path, {
    method: body ? 'POST' : 'GET',
    ...(body
      ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
      : {}),
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Both apps' answers, each checked to be 200. */
async function both(path: string, body?: unknown) {
  const answers = await Promise.all([memoryApp, postgisApp].map((app) => get(app, path, body)));
  for (const a of answers)
    expect(a.status, `${path}: ${a.bytes.toString().slice(0, 200)}`).toBe(200);
  return answers.map((a) => a.bytes);
}
const json = (bytes: Buffer) => JSON.parse(bytes.toString()) as Record<string, unknown>;

/** The middle of the demo county's locations, and a square around it. */
function middle() {
  const { lng, lat, county } = service.locations;
  const home = service.counties!.findIndex((c) => c.geoid === COUNTY);
  const rows = [...county!.keys()].filter((i) => county![i] === home);
  const mean = (xs: Float64Array) => rows.reduce((s, i) => s + xs[i]!, 0) / rows.length;
  return { lng: mean(lng), lat: mean(lat) };
}
function square(d: number): GeoJSON.Polygon {
  const { lng, lat } = middle();
  const ring = [
    [lng - d, lat - d],
    [lng + d, lat - d],
    [lng + d, lat + d],
    [lng - d, lat + d],
    [lng - d, lat - d],
  ];
  return { type: 'Polygon', coordinates: [ring] };
}
const REPORT = '/api/fabricext/202506/report?coverage=202506&with=202412&withfabric=202412';

it('publishes the synced county into PostGIS, with the manifest naming its host', async () => {
  expect(synced.published!.rows).toBeGreaterThan(synced.locations);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const held = await publishedManifest(client);
  await client.end();
  const { published: _, ...manifest } = synced;
  expect(held).toEqual(manifest);
  const health = (await (await fetch(`${postgisApp.url}/api/health`)).json()) as {
    capabilities: { data: Record<string, unknown> };
  };
  expect(health.capabilities.data).toMatchObject({
    kind: 'workspace',
    host: new URL(proxy.url).host,
    areas: [{ geoid: COUNTY }],
  });
});

it('answers report, summarize with coverage, places and a hexagon tile as the memory workspace', async () => {
  const [ra, rb] = await both(REPORT, square(0.05));
  expect(json(ra).locationcount).toBeGreaterThan(0);
  expect(json(rb)).toEqual(json(ra));
  const [sa, sb] = await both(
    '/api/fabricext/202506/summarize?field=served_status&coverage=202506',
    square(0.05),
  );
  expect((json(sa).data as unknown[]).length).toBeGreaterThan(0);
  expect(json(sb)).toEqual(json(sa));
  const town = encodeURIComponent(service.towns[0]!.name);
  const [pa, pb] = await both(`/api/fabricext/202506/places?q=${town}`);
  expect((json(pa).places as unknown[]).length).toBeGreaterThan(0);
  expect(json(pb)).toEqual(json(pa));
  const { lng, lat } = middle();
  const [x, y] = tileOf(lng, lat, 9);
  const tiles = await both(`/api/coverage/202506/fixedhex/9/${x}/${y}.pbf?fabric=202506`);
  const [ta, tb] = tiles.map((bytes) =>
    featuresOf(new VectorTile(new PbfReader(bytes)).layers.fixed_hex ?? null)
      .map((f) => JSON.stringify([f.properties, f.loadGeometry()]))
      .sort(),
  );
  expect(ta!.length).toBeGreaterThan(0);
  expect(tb).toEqual(ta);
  expect(proxy.seen.some((r) => r.path.includes('fixedhex'))).toBe(false);
});

it('answers translate both ways from the published uuids, equal to upstream, sending none upstream', async () => {
  const { locationId, county, presence } = service.locations;
  const home = service.counties!.findIndex((c) => c.geoid === COUNTY);
  for (const [vi, v] of synced.fabricVintages.entries()) {
    const bit = 1 << service.vintages.findIndex((x) => x.vintage === v);
    const ids = [...locationId].filter((_, i) => county![i] === home && presence[i]! & bit);
    for (const id of [ids[0]!, ids[Math.floor(ids.length / 2)]!, ids.at(-1)!]) {
      const forth = `/fabricext/${v}/translate?src=location_id&dest=uuid&id=${id}`;
      const upstream = await fetch(proxy.url + forth, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const expected = (await upstream.json()) as { uuid: string }[];
      expect(expected, `${v} ${id}`).toHaveLength(1);
      const before = proxy.seen.length;
      const back = `/fabricext/${v}/translate?src=uuid&dest=location_id&id=${expected[0]!.uuid}`;
      for (const path of [forth, back]) {
        const answers = await both(`/api${path}`);
        for (const a of answers)
          expect(JSON.parse(a.toString()), `${vi} ${path}`).toEqual(expected);
      }
      expect(proxy.seen.slice(before).filter((r) => r.op === 'translate')).toEqual([]);
    }
  }
});

it('answers data by location_id and by uuid from the published workspace, equal to upstream, sending none upstream', async () => {
  const { locationId, county, presence } = service.locations;
  const home = service.counties!.findIndex((c) => c.geoid === COUNTY);
  for (const v of synced.fabricVintages) {
    expect(synced.localData[v], v).toEqual({ answered: true });
    const bit = 1 << service.vintages.findIndex((x) => x.vintage === v);
    const ids = [...locationId].filter((_, i) => county![i] === home && presence[i]! & bit);
    for (const id of [ids[0]!, ids[Math.floor(ids.length / 2)]!, ids.at(-1)!]) {
      const byId = `/fabric/${v}/data/locations?location_id=${id}`;
      const upstream = await fetch(proxy.url + byId, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const expected = (await upstream.json()) as { uuid: string }[];
      expect(expected, `${v} ${id}`).toHaveLength(1);
      const before = proxy.seen.length;
      for (const path of [byId, `/fabric/${v}/data/locations?uuid=${expected[0]!.uuid}`]) {
        const answers = await both(`/api${path}`);
        for (const a of answers) expect(JSON.parse(a.toString()), path).toEqual(expected);
      }
      expect(proxy.seen.slice(before).filter((r) => r.op === 'data')).toEqual([]);
    }
  }
});

// A whole sync and publish in a child process: slower than most tests on a loaded machine.
it('keeps the published workspace whole and served when a publish is killed before its switch commits', async () => {
  const before = await get(postgisApp, REPORT, square(0.05));
  const child = spawnSync(proxy.url, dir, [], [COUNTY, NEIGHBOUR], {
    ...postgisEnv(),
    IMPORT_CRASH_AT: 'switching',
  });
  const ended = await child.exited;
  expect(ended.signal, ended.stderr).toBe('SIGKILL');
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    expect((await publishedManifest(client))!.areas.map((a) => a.geoid)).toEqual([COUNTY]);
    // The killed publish had built the next workspace whole: only its commit was missing.
    expect((await publishedManifest(client, 'workspace_next'))!.areas).toHaveLength(2);
  } finally {
    await client.end();
  }
  const after = await get(postgisApp, REPORT, square(0.05));
  expect(after.status).toBe(200);
  expect(json(after.bytes)).toEqual(json(before.bytes));
  const fresh = await startApp({ ...upstreamEnv(), ...postgisEnv(), WORKSPACE_DIR: empty });
  try {
    const health = (await (await fetch(`${fresh.url}/api/health`)).json()) as {
      capabilities: { data: { areas: { geoid: string }[] } };
    };
    expect(health.capabilities.data.areas.map((a) => a.geoid)).toEqual([COUNTY]);
  } finally {
    await fresh.close();
  }
}, 180_000);

it('serves nothing of a workspace synced from another host', async () => {
  // The same database behind another upstream: the workspace is not its.
  const other = await startPublishedProxy(service);
  const app = await startApp({ ...postgisEnv(), SERVICE_URL: other.url, SERVICE_TOKEN: TOKEN });
  try {
    const res = await get(app, REPORT, square(0.05));
    // The proxy publishes no report: the app server has nothing to answer it from.
    expect(res.status).not.toBe(200);
    const health = (await (await fetch(`${app.url}/api/health`)).json()) as {
      capabilities: { data: { kind: string } };
    };
    expect(health.capabilities.data.kind).toBe('upstream');
  } finally {
    await app.close();
    await other.close();
  }
});
