// The app server pointed at a service that publishes only its own operations, with two
// counties synced into a workspace, answers the project's own views as the embedded service
// over the same two counties does, over an area spanning both: a fixed hexagon tile, an area
// report (with the comparison), summarize by county, place search; locate goes upstream.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dataSourceSchema, dataSourceStamp } from '../../shared/capabilities';
import { boundaryFeature } from '../service/routes/boundaries';
import { createMemoryStore } from '../service/store/memory/memory-store';
import type { Fabric } from '../service/store/fabric';
import type { Store } from '../service/store/store';
import { runSync } from '../workspace/run-sync';
import { startPublishedProxy, TOKEN, type PublishedProxy } from '../workspace/published-proxy';
import { demoFabric } from '../workspace/testing/sync-fixture';
import { COUNTY, syncOptions } from '../workspace/testing/sync-options';
import { NEIGHBOUR, twoCountyFabric } from '../workspace/testing/two-counties';
import { startAppServer, type RunningAppServer } from './start-app-server';
import { squareAround } from '../../shared/testing/square';

let demo: Fabric;
let proxy: PublishedProxy;
let store: Store;
let demoApp: RunningAppServer;
let workspaceApp: RunningAppServer;
const dir = mkdtempSync(join(tmpdir(), 'workspace-serving-'));

beforeAll(async () => {
  demo = await twoCountyFabric(demoFabric());
  proxy = await startPublishedProxy(demo);
  await runSync({ ...syncOptions(proxy.url, dir), counties: [COUNTY, NEIGHBOUR] });
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

/** The middle of the two closest locations one in each county: an area around it spans both. */
function border(): { lng: number; lat: number } {
  const { lng, lat, county } = demo.locations;
  const rows = (k: number) => [...county!.keys()].filter((i) => county![i] === k);
  const [a, b] = [rows(0), rows(1)];
  let best = { d: Infinity, lng: 0, lat: 0 };
  for (const i of a)
    for (const j of b) {
      const d = (lng[i]! - lng[j]!) ** 2 + (lat[i]! - lat[j]!) ** 2;
      if (d < best.d) best = { d, lng: (lng[i]! + lng[j]!) / 2, lat: (lat[i]! + lat[j]!) / 2 };
    }
  return best;
}
const square = squareAround;
const json = (bytes: Buffer) => JSON.parse(bytes.toString()) as Record<string, unknown>;

it('answers a fixed hexagon tile over both counties as the embedded service does', async () => {
  const { lng, lat } = border();
  const path = `/api/coverage/202506/fixedhex/${tileOf(lng, lat, 8)}.pbf?fabric=202506`;
  const [a, b] = await both(path);
  expect(a.status).toBe(200);
  expect(a.bytes.length).toBeGreaterThan(0);
  expect(b.status).toBe(200);
  expect(features(b.bytes)).toEqual(features(a.bytes));
  // The service behind publishes no tiles: the answer came from the workspace.
  expect(proxy.seen.some((r) => r.path.includes('fixedhex'))).toBe(false);
});

it('answers the report of an area across both counties, with the comparison, as the embedded service does', async () => {
  const { lng, lat } = border();
  const area = square(lng, lat, 0.1);
  const [a, b] = await both(
    '/api/fabricext/202506/report?coverage=202506&with=202412&withfabric=202412',
    area,
  );
  expect(a.status).toBe(200);
  expect(JSON.parse(a.bytes.toString()).locationcount).toBeGreaterThan(0);
  expect(b.status).toBe(200);
  expect(json(b.bytes)).toEqual(json(a.bytes));
});

it('summarizes an area across both counties by county, and finds places and locates as the embedded service does', async () => {
  const { lng, lat } = border();
  const [a, b] = await both(
    '/api/fabricext/202506/summarize?field=county_geoid&coverage=202506',
    square(lng, lat, 0.1),
  );
  expect(b.status).toBe(200);
  const rows = json(b.bytes).data as { county_geoid: string; locationcount: number }[];
  expect(rows.map((r) => r.county_geoid).sort()).toEqual([NEIGHBOUR, COUNTY]);
  expect(rows.every((r) => r.locationcount > 0)).toBe(true);
  expect(json(b.bytes)).toEqual(json(a.bytes));
  const town = demo.towns[0]!.name;
  const [pa, pb] = await both(`/api/fabricext/202506/places?q=${encodeURIComponent(town)}`);
  expect(pb.status).toBe(200);
  expect((json(pb.bytes).places as unknown[]).length).toBeGreaterThan(0);
  expect(json(pb.bytes)).toEqual(json(pa.bytes));
  // Each synced county by its name, with its own count, as the embedded service answers it.
  for (const geoid of [COUNTY, NEIGHBOUR]) {
    const name = boundaryFeature('counties', geoid)!.properties.name;
    const [ca, cb] = await both(`/api/fabricext/202506/places?q=${encodeURIComponent(name)}`);
    const county = (json(cb.bytes).places as { geoid?: string; locationcount: number }[]).find(
      (p) => p.geoid === geoid,
    );
    expect(county?.locationcount, name).toBeGreaterThan(0);
    expect(json(cb.bytes)).toEqual(json(ca.bytes));
  }
  // Locate is published: the workspace forwards it upstream, in either county.
  const seen = proxy.seen.length;
  for (const k of [0, 1]) {
    const i = demo.locations.county!.indexOf(k);
    const at = `latitude=${demo.locations.lat[i]}&longitude=${demo.locations.lng[i]}`;
    const [la, lb] = await both(`/api/fabricext/202506/locate?${at}`);
    expect(lb.status).toBe(200);
    expect(json(lb.bytes)).toEqual(json(la.bytes));
  }
  expect(proxy.seen.slice(seen).filter((r) => r.op === 'locate')).toHaveLength(2);
});

it('says in /api/health that the workspace answers, which counties, from which host', async () => {
  const health = (await (await fetch(`${workspaceApp.url}/api/health`)).json()) as {
    label: string;
    capabilities: { data: Record<string, unknown>; views: Record<string, boolean> };
  };
  const host = new URL(proxy.url).host;
  expect(health.capabilities.data).toMatchObject({
    kind: 'workspace',
    host,
    areas: [
      { geoid: NEIGHBOUR, name: expect.stringContaining('Christian') },
      { geoid: COUNTY, name: expect.stringContaining('Sangamon') },
    ],
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
    count: true,
  });
  expect(health.label).toBe(`Workspace · ${host}`);
  expect(dataSourceStamp(dataSourceSchema.parse(health.capabilities.data))).toMatch(
    new RegExp(`^Workspace: 2 counties from ${host}, synced \\d{4}-\\d{2}-\\d{2}$`),
  );
});

it('lists providers and counts under one provider from the workspace, as the embedded service does', async () => {
  const [pa, pb] = await both('/api/fabricext/202506/providers?maxresults=100');
  expect(pb.status).toBe(200);
  const providers = json(pb.bytes).providers as { provider_id: number }[];
  expect(providers.length).toBeGreaterThan(1);
  expect(json(pb.bytes)).toEqual(json(pa.bytes));
  const { lng, lat } = border();
  const provider = providers[0]!.provider_id;
  const [ra, rb] = await both(
    `/api/fabricext/202506/report?coverage=202506&provider=${provider}`,
    square(lng, lat, 0.1),
  );
  expect(rb.status).toBe(200);
  expect(json(rb.bytes)).toEqual(json(ra.bytes));
  const [sa, sb] = await both(
    `/api/fabricext/202506/summarize?field=served_status&provider=${provider}`,
    square(lng, lat, 0.1),
  );
  expect(sb.status).toBe(200);
  expect(json(sb.bytes)).toEqual(json(sa.bytes));
});
