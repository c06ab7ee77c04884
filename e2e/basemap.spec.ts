// A basemap set at run time: an app server started with BASEMAP_PMTILES (a one-tile PMTiles
// archive of one colour, written here) draws it under the project's layers through the pmtiles
// protocol, read by range requests; the default server keeps its offline basemap.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startAppServer, type RunningAppServer } from '../server/app/start-app-server';
import { pmtilesArchive, solidPng } from '../server/app/testing/pmtiles-archive';
import { createMemoryStore } from '../server/service/store/memory/memory-store';
import { buildFixtureFabric } from '../server/service/testing/fixture-fabric';
import { expect, test } from './support/fixtures';
import { MapDriver, type Rgba } from './support/map-driver';

const COLOUR: [number, number, number] = [200, 30, 160];
let dir: string;
let app: RunningAppServer;

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'basemap-e2e-'));
  await writeFile(join(dir, 'world.pmtiles'), pmtilesArchive(solidPng(COLOUR)));
  app = await startAppServer({
    port: 0,
    host: '127.0.0.1',
    distDir: resolve(process.env.DIST_DIR ?? 'dist'),
    store: createMemoryStore(buildFixtureFabric()),
    env: { BASEMAP_PMTILES: join(dir, 'world.pmtiles') },
    log: () => {},
  });
});

test.afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const near = (p: Rgba, [r, g, b]: [number, number, number]) =>
  Math.max(Math.abs(p[0] - r), Math.abs(p[1] - g), Math.abs(p[2] - b)) <= 12;

test('a PMTiles archive set on the server is drawn under the project’s layers', async ({
  page,
}) => {
  const ranges: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/basemap/archive.pmtiles')) ranges.push(r.status());
  });
  const map = new MapDriver(page);
  await page.goto(app.url);
  await map.waitForIdle();
  await expect
    .poll(async () => (await map.samplePixels()).filter((p) => near(p, COLOUR)).length)
    .toBeGreaterThan(32);
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges.every((s) => s === 206)).toBe(true);
});

test('the default server keeps its offline basemap', async ({ page }) => {
  const map = new MapDriver(page);
  await page.goto('/');
  await map.waitForIdle();
  expect((await map.samplePixels()).filter((p) => near(p, COLOUR))).toEqual([]);
});
