// The fixed broadband layer against an upstream service without fixed tiles: the reference
// service stands in as the upstream, answering in the published names only, and the app server
// forwards /api to it (as e2e/upstream.spec.ts sets up). At street zoom the locations in view
// are assembled from collect3, bulk data and bulk bdcfixed; a known location is drawn in the
// status the rule gives over its /api bdcfixed records, under several filters, re-shaded
// without a fetch; a location new since the coverage release gets no BEAD status; the legend
// says why hexagon and town zooms draw nothing. Expected values come from /api, never app code.
import type { Page, TestInfo } from '@playwright/test';
import { loadDemoPoints, type DemoPoints } from './support/demo-points';
import { BEAD_DEFAULTS, expectedStatus, filterParams, type Filters } from './support/fixed-expect';
import { FixedLayerDriver } from './support/fixed-layer';
import { expect, test } from './support/fixtures';
import type { ApiFixedOffer } from './support/location-expect';
import { MapDriver } from './support/map-driver';
import { startUpstreamPair, type UpstreamPair } from './support/upstream-pair';

const TOKEN = 'upstream-fixed-e2e-token';
const SETTINGS: Filters[] = [
  BEAD_DEFAULTS,
  { audience: 'residential', speed: '1000/100', tech: 'any', lowLatency: false },
  { audience: 'business', speed: '25/3', tech: 'satellite', lowLatency: true },
];

let demo: DemoPoints;
let pair: UpstreamPair;

test.beforeAll(async () => {
  demo = await loadDemoPoints();
  pair = await startUpstreamPair(demo.store, { token: TOKEN, dialect: 'published' });
});
test.afterAll(async () => pair?.close());

/** GET through the app's own /api (the proxy to the upstream). */
async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${pair.appUrl}/api${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

interface Subject {
  id: number;
  lng: number;
  lat: number;
  expected: ReturnType<typeof expectedStatus>[];
}

/** A demo location whose status changes across SETTINGS, at its own coordinates. */
async function pickSubject(page: Page, cv: string): Promise<Subject> {
  for (const c of [demo.points.FootprintParcel, ...demo.timing, demo.newcomer]) {
    const offers = await api<ApiFixedOffer[]>(
      page,
      `/coverage/bdcfixed?location_id=${c.locationId}&vintage=${cv}`,
    );
    const expected = SETTINGS.map((f) => expectedStatus(offers, f));
    if (new Set(expected).size < 2) continue;
    const [record] = await api<{ latitude: number; longitude: number }[]>(
      page,
      `/fabric/${demo.vintage}/data/locations?location_id=${c.locationId}`,
    );
    return { id: c.locationId, lng: record!.longitude, lat: record!.latitude, expected };
  }
  throw new Error('no demo location changes status across the filter sets');
}

/** The /api requests the page sends, by operation. */
function watchRequests(page: Page) {
  const sent: { method: string; path: string }[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) sent.push({ method: r.method(), path: pathname.slice(4) });
  });
  const byOperation = (from = 0) => {
    const counts = { listapis: 0, collect3: 0, bulk: 0, bdcfixed: 0, tiles: 0 };
    for (const s of sent.slice(from)) {
      if (s.path.endsWith('/accountcontrol/listapis')) counts.listapis++;
      else if (s.path.includes('/collect3/')) counts.collect3++;
      else if (s.path.includes('/bulk/')) counts.bulk++;
      else if (s.path === '/coverage/bdcfixed' && s.method === 'POST') counts.bdcfixed++;
      else if (s.path.endsWith('.pbf')) counts.tiles++;
    }
    return counts;
  };
  return { mark: () => sent.length, byOperation };
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('at street zoom a location is drawn in the status the rule gives over its /api records', async ({
  page,
}, testInfo) => {
  const s = await pickSubject(page, demo.coverageVintage);
  const requests = watchRequests(page);
  const map = new MapDriver(page);
  const layer = new FixedLayerDriver(page, map);
  await page.goto(`${pair.appUrl}/?${filterParams(SETTINGS[0]!)}#map=16/${s.lat}/${s.lng}`);
  await map.waitForIdle();
  const progress = layer.legend.getByTestId('fixed:view-progress');
  await expect(progress).toHaveText(/^[\d,]+ locations in and around the view, loaded from/);
  await map.waitForIdle();
  const perView = requests.byOperation();
  testInfo.annotations.push({ type: 'requests per view', description: JSON.stringify(perView) });
  expect(perView.tiles, 'no tiles from a service that has none').toBe(0);
  expect(perView.collect3).toBeGreaterThan(0);
  expect(perView.bulk).toBeGreaterThan(0);
  expect(perView.bdcfixed).toBeGreaterThan(0);
  const total = Number((await progress.textContent())!.replace(/,/g, '').split(' ')[0]);
  const chunks = Math.ceil(total / 1000);
  // Each chunk: two bulk calls (five fields a call) and one bdcfixed; the coverage vintage is
  // the fabric drawn, so no release check.
  expect(perView.bulk).toBe(2 * chunks);
  expect(perView.bdcfixed).toBe(chunks);

  const afterLoad = requests.mark();
  for (const [i, filters] of SETTINGS.entries()) {
    if (i > 0) {
      await layer.setFilters(filters);
      await map.waitForIdle();
    }
    const want = s.expected[i]!;
    const where = `${s.id} under ${JSON.stringify(filters)}`;
    await expect.poll(() => layer.drawnStatuses(s.id, s), { message: where }).toEqual([want]);
    await expect(layer.count(want)).not.toHaveText('0');
  }
  // A filter change re-shades the points already held: nothing is fetched again.
  const after = requests.byOperation(afterLoad);
  expect(after.collect3 + after.bulk + after.bdcfixed).toBe(0);
  await shot(page, testInfo, 'street-1280');

  // Half a view east: only the locations not yet held are loaded (recorded for the notes).
  const beforePan = requests.mark();
  const bounds = await map.bounds();
  await map.jumpTo({ lng: s.lng + (bounds.east - bounds.west) / 2, lat: s.lat, zoom: 16 });
  await map.waitForIdle();
  await expect(progress).toHaveText(/locations in and around the view, loaded from/);
  const pan = requests.byOperation(beforePan);
  testInfo.annotations.push({
    type: 'requests after a half-view pan',
    description: JSON.stringify(pan),
  });
  expect(pan.collect3).toBeGreaterThan(0);
  expect(pan.bulk).toBeLessThanOrEqual(perView.bulk);

  await page.setViewportSize({ width: 390, height: 844 });
  await map.waitForIdle();
  await expect(progress).toHaveText(/locations in and around the view, loaded from/);
  await shot(page, testInfo, 'street-390');
});

test('a location new since the coverage release is drawn as not in this release', async ({
  page,
}) => {
  const v = (await api<{ vintage: string }[]>(page, '/fabric/vintages')).map((r) => r.vintage);
  const before = v.filter((x) => x < demo.newcomer.firstVintage).at(-1)!;
  const [record] = await api<{ latitude: number; longitude: number }[]>(
    page,
    `/fabric/${demo.vintage}/data/locations?location_id=${demo.newcomer.locationId}`,
  );
  const at = { lng: record!.longitude, lat: record!.latitude };
  // Not in the release the older coverage was reported on: the fabric of that month.
  expect(
    await api<unknown[]>(
      page,
      `/fabric/${before}/data/locations?location_id=${demo.newcomer.locationId}`,
    ),
  ).toEqual([]);
  const requests = watchRequests(page);
  const map = new MapDriver(page);
  const layer = new FixedLayerDriver(page, map);
  await page.goto(`${pair.appUrl}/?cv=${before}#map=17/${at.lat}/${at.lng}`);
  await map.waitForIdle();
  await expect(layer.legend.getByTestId('fixed:view-progress')).toHaveText(/loaded from/);
  await expect
    .poll(() => layer.drawnStatuses(demo.newcomer.locationId, at))
    .toEqual(['notinrelease']);
  // Each chunk also asks the coverage vintage's fabric release which locations it holds.
  const sent = requests.byOperation();
  expect(sent.bulk).toBe(3 * sent.bdcfixed);
});

test('further out the legend says why nothing is drawn, and street level is one click away', async ({
  page,
}, testInfo) => {
  const requests = watchRequests(page);
  const map = new MapDriver(page);
  const layer = new FixedLayerDriver(page, map);
  const p = demo.points.FootprintParcel;
  await page.goto(`${pair.appUrl}/#map=11/${p.lat}/${p.lng}`);
  await map.waitForIdle();
  const note = layer.legend.getByTestId('fixed:view-note');
  await expect(note).toContainText(
    'this service has no coverage tiles, so locations load for the view from its published operations',
  );
  await expect(layer.legend.getByTestId('fixed:hex-unavailable')).toContainText(
    'Hexagons of the share unserved are not available here',
  );
  expect(requests.byOperation().collect3).toBe(0);
  await shot(page, testInfo, 'county-1280');

  await layer.legend.getByRole('button', { name: 'Zoom to street level' }).click();
  await map.waitForIdle();
  expect((await map.view()).zoom).toBeCloseTo(15, 1);
  await expect(layer.legend.getByTestId('fixed:view-progress')).toHaveText(
    /(in and around the view, loaded from|Loading|Finding)/,
  );
  await expect(layer.legend.getByTestId('fixed:hex-unavailable')).toHaveCount(0);
});
