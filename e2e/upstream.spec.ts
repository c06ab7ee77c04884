// The same app against another service: an app server started with SERVICE_URL and
// SERVICE_TOKEN forwards /api to an upstream (here the reference service on its own loopback
// port, accepting only that token), names the upstream host in the badge, draws no demo
// fabric tiles (the real service has none) and still locates a click through the proxy.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createServiceApp } from '../server/service/app';
import { startAppServer, type RunningAppServer } from '../server/app/start-app-server';
import { loadDemoPoints, type DemoPoints } from './support/demo-points';
import { expect, test } from './support/fixtures';
import { MapDriver } from './support/map-driver';

const TOKEN = 'upstream-e2e-token';

let demo: DemoPoints;
let upstream: ReturnType<typeof serve>;
let upstreamHost: string;
let app: RunningAppServer;

test.beforeAll(async () => {
  demo = await loadDemoPoints();
  const service = createServiceApp({ store: demo.store, tokens: [TOKEN] });
  const port = await new Promise<number>((done, fail) => {
    upstream = serve(
      { fetch: service.fetch, port: 0, hostname: '127.0.0.1' },
      (info: AddressInfo) => done(info.port),
    );
    upstream.once('error', fail);
  });
  upstreamHost = `127.0.0.1:${port}`;
  app = await startAppServer({
    port: 0,
    host: '127.0.0.1',
    env: { SERVICE_URL: `http://${upstreamHost}`, SERVICE_TOKEN: TOKEN },
    log: () => {},
  });
});

test.afterAll(async () => {
  await app?.close();
  await new Promise<void>((done) => {
    if (!upstream) return done();
    upstream.close(() => done());
    if ('closeAllConnections' in upstream) upstream.closeAllConnections();
  });
});

test('with SERVICE_URL the app names the upstream, skips demo tiles and locates through it', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const p = demo.points.FootprintParcel;
  const map = new MapDriver(page);
  await page.goto(`${app.url}/#map=18/${p.lat}/${p.lng}`);
  await map.waitForIdle();

  await expect(page.getByText(upstreamHost, { exact: true })).toBeVisible();
  await expect(page.getByText(/Demo data/)).toHaveCount(0);
  // No demo fabric is drawn, so the attribution names only the Census boundaries.
  await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('US Census');
  await expect(page.locator('.maplibregl-ctrl-attrib')).not.toContainText('Demo fabric');
  // The pickers are filled from the upstream's vintages operations.
  await expect(page.getByRole('combobox', { name: 'Fabric vintage' })).toHaveValue(demo.vintage);

  await map.clickAt(p.lng, p.lat);
  const panel = page.getByRole('region', { name: 'Location' });
  await expect(panel.locator('.lp-ids code').first()).toHaveText(String(p.locationId));
  await expect(panel.getByRole('table', { name: 'Fixed broadband providers' })).toBeVisible();

  expect(requests.some((path) => path.includes('/fabricext/') && path.endsWith('/locate'))).toBe(
    true,
  );
  expect(requests.filter((path) => path.includes('/tiles/'))).toEqual([]);
});
