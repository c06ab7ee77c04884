// The app server pointed at a service that publishes only its own operations, with a county
// synced into a workspace, answers the project's own views as the embedded demo does: a fixed
// hexagon tile and an area report (with the comparison) byte for byte.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMemoryStore } from '../service/store/memory/memory-store';
import type { Store } from '../service/store/store';
import { runSync } from '../workspace/run-sync';
import {
  startPublishedProxy,
  TOKEN,
  type PublishedProxy,
} from '../workspace/testing/published-proxy';
import { demoFabric } from '../workspace/testing/sync-fixture';
import { syncOptions } from '../workspace/testing/sync-options';
import { startAppServer, type RunningAppServer } from './start-app-server';

const demo = demoFabric();
let proxy: PublishedProxy;
let store: Store;
let demoApp: RunningAppServer;
let workspaceApp: RunningAppServer;
const dir = mkdtempSync(join(tmpdir(), 'workspace-serving-'));

beforeAll(async () => {
  proxy = await startPublishedProxy(demo);
  await runSync(syncOptions(proxy.url, dir));
  store = createMemoryStore(demo);
  const quiet = () => {};
  demoApp = await startAppServer({ port: 0, host: '127.0.0.1', env: {}, store, log: quiet });
  workspaceApp = await startAppServer({
    port: 0,
    host: '127.0.0.1',
    env: { SERVICE_URL: proxy.url, SERVICE_TOKEN: TOKEN, WORKSPACE_DIR: dir },
    log: quiet,
  });
});
afterAll(async () => {
  await Promise.all([demoApp?.close(), workspaceApp?.close()]);
  await store?.close();
  await proxy?.close();
  rmSync(dir, { recursive: true, force: true });
});

const both = (path: string, body?: unknown) =>
  Promise.all(
    [demoApp, workspaceApp].map(async (app) => {
      const res = await fetch(app.url + path, {
        method: body ? 'POST' : 'GET',
        ...(body
          ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
          : {}),
      });
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    }),
  );

/** A tile's features as sorted JSON lines (properties and geometry), whatever their order. */
function features(bytes: Buffer): string[] {
  const tile = new VectorTile(new PbfReader(bytes));
  const out: string[] = [];
  for (const name of Object.keys(tile.layers)) {
    const layer = tile.layers[name]!;
    for (let i = 0; i < layer.length; i++) {
      const f = layer.feature(i);
      out.push(JSON.stringify([name, f.properties, f.loadGeometry()]));
    }
  }
  return out.sort();
}

/** The slippy tile holding a point. */
function tileOf(lng: number, lat: number, z: number) {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return `${z}/${x}/${y}`;
}

const middle = Math.floor(demo.locations.count / 2);
const lng = demo.locations.lng[middle]!;
const lat = demo.locations.lat[middle]!;

it('answers a fixed hexagon tile over the workspace as the embedded demo does', async () => {
  const path = `/api/coverage/202506/fixedhex/${tileOf(lng, lat, 9)}.pbf?fabric=202506`;
  const [a, b] = await both(path);
  expect(a.status).toBe(200);
  expect(a.bytes.length).toBeGreaterThan(0);
  expect(b.status).toBe(200);
  expect(features(b.bytes)).toEqual(features(a.bytes));
  // The service behind publishes no tiles: the answer came from the workspace.
  expect(proxy.seen.some((r) => r.path.includes('fixedhex'))).toBe(false);
});

it('answers the report of an area, with the comparison, as the embedded demo does', async () => {
  const d = 0.05;
  const area = {
    type: 'Polygon',
    coordinates: [
      [
        [lng - d, lat - d],
        [lng + d, lat - d],
        [lng + d, lat + d],
        [lng - d, lat + d],
        [lng - d, lat - d],
      ],
    ],
  };
  const [a, b] = await both(
    '/api/fabricext/202506/report?coverage=202506&with=202412&withfabric=202412',
    area,
  );
  expect(a.status).toBe(200);
  expect(JSON.parse(a.bytes.toString()).locationcount).toBeGreaterThan(0);
  expect(b.status).toBe(200);
  expect(JSON.parse(b.bytes.toString())).toEqual(JSON.parse(a.bytes.toString()));
});

it('says in /api/health that the workspace answers, which county, from which host', async () => {
  const health = (await (await fetch(`${workspaceApp.url}/api/health`)).json()) as {
    label: string;
    capabilities: { data: Record<string, unknown>; views: Record<string, boolean> };
  };
  const host = new URL(proxy.url).host;
  expect(health.capabilities.data).toMatchObject({
    kind: 'workspace',
    host,
    areas: [{ geoid: demo.county.geoid, name: expect.stringContaining('Sangamon') }],
    syncedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  });
  // Every view of the demo but the fabric's own drawing (parcels and footprints are not
  // published with their geometry).
  expect(health.capabilities.views).toEqual({
    fabricTiles: false,
    fixedTiles: true,
    changeTiles: true,
    report: true,
    places: true,
  });
  expect(health.label).toBe(`Workspace · ${host}`);
});
