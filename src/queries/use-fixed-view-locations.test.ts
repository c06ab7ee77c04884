// The street-zoom points of a view from the published operations, over HTTP against the
// reference service answering in the published names only: they equal the reference's own
// fixed tile features; listapis sets the chunk size; a newer view aborts the older requests;
// a view seen before, or inside one, costs no bulk call; a view too full is not loaded.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SEED, generateFabric } from '../../server/demo/generate-fabric';
import { createServiceApp } from '../../server/service/app';
import { createMemoryStore } from '../../server/service/store/memory/memory-store';
import type { LngLatBox } from '../lib/geo/h3';
import { serveForTest, type TestServer } from './testing/serve-for-test';
import { renderQueryHook } from './testing/render-with-client';
import type { ViewVintages } from '../pipelines/fixed-view-chunk';
import { useFixedViewLocations, type FixedViewState } from './use-fixed-view-locations';

const fabric = generateFabric({ seed: DEFAULT_SEED, locations: 8000 });
const V: ViewVintages = { fabric: '202506', coverage: '202412', release: '202412' };
/** The chunk size this test's listapis gives the bulk operation (the service says 1000). */
const MAXREQUEST = 100;

let service: TestServer;
const realFetch = globalThis.fetch;
interface Sent {
  method: string;
  path: string;
  ids: number;
  signal: AbortSignal | null | undefined;
}
const sent: Sent[] = [];
/** While set, bulk and bdcfixed answers wait for it (so a newer view arrives mid-load). */
let hold: Promise<void> | null = null;

beforeAll(async () => {
  const app = createServiceApp({
    store: createMemoryStore(fabric),
    tokens: null,
    dialect: 'published',
    // Small parts, so a view's collect3 is answered with continuations.
    collectLimits: { partSize: 300, maxParts: 4 },
  });
  service = await serveForTest(app);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname } = new URL(url);
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : null;
    const ids = Array.isArray(body) ? body.length : 0;
    sent.push({ method: init.method ?? 'GET', path: pathname, ids, signal: init.signal });
    if (hold && (pathname.includes('/bulk/') || pathname.endsWith('/bdcfixed'))) await hold;
    const response = await realFetch(url, init);
    if (!pathname.endsWith('/accountcontrol/listapis')) return response;
    const rows = (await response.json()) as {
      api: string;
      operation: string;
      maxrequest: number;
    }[];
    for (const r of rows)
      if (r.api === 'fabric' && r.operation === 'bulk') r.maxrequest = MAXREQUEST;
    return new Response(JSON.stringify(rows), { status: 200 });
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await service.close();
});

function tileBox(z: number, x: number, y: number): LngLatBox {
  const lng = (k: number) => (k / 2 ** z) * 360 - 180;
  const lat = (k: number) =>
    (Math.atan(Math.sinh(Math.PI * (1 - (2 * k) / 2 ** z))) * 180) / Math.PI;
  return { west: lng(x), south: lat(y + 1), east: lng(x + 1), north: lat(y) };
}

/** The z14 tile holding the most locations of the current fabric. */
function busiestTile(): [number, number, number] {
  const counts = new Map<string, number>();
  const { locations: loc } = fabric;
  for (let i = 0; i < loc.count; i++) {
    const r = (loc.lat[i] * Math.PI) / 180;
    const x = Math.floor(((loc.lng[i] + 180) / 360) * 2 ** 14);
    const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** 14);
    counts.set(`${x}/${y}`, (counts.get(`${x}/${y}`) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const [x, y] = best.split('/').map(Number);
  return [14, x!, y!];
}

async function tileFeatures(z: number, x: number, y: number) {
  const path = `/coverage/${V.coverage}/fixedtiles/${z}/${x}/${y}.pbf?fabric=${V.fabric}`;
  const res = await realFetch(service.baseUrl + path);
  expect(res.status).toBe(200);
  const layer = new VectorTile(new PbfReader(new Uint8Array(await res.arrayBuffer()))).layers
    .fixed!;
  return Array.from({ length: layer.length }, (_, i) => {
    const f = layer.feature(i).toGeoJSON(x, y, z);
    if (f.geometry.type !== 'Point') throw new Error(`a ${f.geometry.type} in the fixed layer`);
    return { coordinates: f.geometry.coordinates, properties: f.properties ?? {} };
  });
}

function loaded(result: { current: FixedViewState }) {
  const view = result.current;
  if (view.state !== 'loaded') throw new Error(`view ${view.state}`);
  return view;
}

const count = (from: number, test: (s: Sent) => boolean) => sent.slice(from).filter(test).length;
const isBulk = (v: string) => (s: Sent) => s.path === `/fabric/${v}/bulk/locations`;
const isFixed = (s: Sent) => s.path === '/coverage/bdcfixed' && s.method === 'POST';
const isCollect = (s: Sent) => s.path.endsWith('/collect3/locations');

describe('the locations of a view from the published operations', () => {
  const [z, x, y] = busiestTile();
  const box = tileBox(z, x, y);
  const hook = () =>
    renderQueryHook((p: { box: LngLatBox }) => useFixedViewLocations(V, p.box), {
      initialProps: { box },
    });

  it('draws the reference tile features exactly, in chunks of the listapis maxrequest', async () => {
    const from = sent.length;
    const { result } = hook();
    await waitFor(() => expect(result.current.state).toBe('loaded'), { timeout: 20_000 });
    const view = loaded(result);
    const ours = new Map(view.points.features.map((f) => [f.properties.location_id, f]));
    expect(view.total).toBeGreaterThan(MAXREQUEST * 2);
    expect(ours.size).toBe(view.total);

    const inside = (lng: number, lat: number) =>
      lng > box.west && lng < box.east && lat > box.south && lat < box.north;
    const tile = await tileFeatures(z, x, y);
    const tileInside = tile.filter((f) => inside(...(f.coordinates as [number, number])));
    expect(tileInside.length).toBeGreaterThan(MAXREQUEST * 2);
    for (const t of tileInside) {
      const mine = ours.get(Number(t.properties.location_id));
      expect(mine, `location ${t.properties.location_id}`).toBeDefined();
      expect(mine!.properties).toEqual(t.properties);
      const [lng, lat] = t.coordinates as [number, number];
      expect(Math.abs(mine!.geometry.coordinates[0]! - lng)).toBeLessThan(1e-4);
      expect(Math.abs(mine!.geometry.coordinates[1]! - lat)).toBeLessThan(1e-4);
    }
    const tileIds = new Set(tile.map((f) => Number(f.properties.location_id)));
    for (const f of ours.values()) {
      if (inside(...(f.geometry.coordinates as [number, number]))) {
        expect(tileIds.has(f.properties.location_id), `${f.properties.location_id}`).toBe(true);
      }
    }
    // Both vintages' answers differ somewhere: some locations are new since the release.
    expect(view.points.features.some((f) => f.properties.inrelease === 0)).toBe(true);

    const chunks = Math.ceil(view.total / MAXREQUEST);
    expect(count(from, isCollect)).toBeGreaterThan(1);
    expect(count(from, isBulk(V.fabric))).toBe(2 * chunks);
    expect(count(from, isFixed)).toBe(chunks);
    expect(count(from, isBulk(V.release!))).toBe(chunks);
    for (const s of sent.slice(from)) expect(s.ids).toBeLessThanOrEqual(MAXREQUEST);
  }, 30_000);

  it('aborts the older view on a newer one; a view seen before or inside it costs no bulk call', async () => {
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    const from = sent.length;
    const { result, rerender } = hook();
    await waitFor(() => expect(count(from, isBulk(V.fabric))).toBeGreaterThan(0));
    const older = sent.slice(from).filter(isBulk(V.fabric));
    const west = tileBox(z, x - 1, y);
    rerender({ box: west });
    release();
    hold = null;
    await waitFor(() => expect(result.current.state).toBe('loaded'), { timeout: 20_000 });
    expect(older.every((s) => s.signal?.aborted)).toBe(true);

    // Back to the first view: its chunks were aborted, so they load now; then the west view
    // again costs nothing (its collect3 and chunks are cached).
    const back = sent.length;
    rerender({ box });
    await waitFor(() => expect(result.current.state).toBe('loaded'), { timeout: 20_000 });
    expect(count(back, isBulk(V.fabric))).toBeGreaterThan(0);
    const again = sent.length;
    rerender({ box: west });
    await waitFor(() => expect(result.current.state).toBe('loaded'), { timeout: 20_000 });
    expect(sent.length).toBe(again);
    // A view inside it: a new collect3, no bulk.
    const inner = {
      west: box.west + (box.east - box.west) / 4,
      east: box.east - (box.east - box.west) / 4,
      south: box.south + (box.north - box.south) / 4,
      north: box.north - (box.north - box.south) / 4,
    };
    const zoomIn = sent.length;
    rerender({ box: inner });
    await waitFor(() => expect(result.current.state).toBe('loaded'), { timeout: 20_000 });
    expect(count(zoomIn, isCollect)).toBeGreaterThan(0);
    expect(count(zoomIn, (s) => isBulk(V.fabric)(s) || isFixed(s))).toBe(0);
  }, 30_000);

  it('does not load a view holding more locations than the limit', async () => {
    const from = sent.length;
    const county = { west: -90.2, south: 39.5, east: -89.2, north: 40.0 };
    const { result } = renderQueryHook(() => useFixedViewLocations(V, county, 2000));
    await waitFor(() => expect(result.current.state).toBe('too-many'), { timeout: 20_000 });
    expect(count(from, isBulk(V.fabric))).toBe(0);
  }, 30_000);
});
