// The app shell: the offline map really draws, the demo fabric shows at street zoom, the top
// bar reflects the service, and the view survives a reload through the URL hash.
import { expect, test } from './support/fixtures';
import { loadDemoPoints } from './support/demo-points';
import { loadDemoTown, type DemoTown } from './support/demo-town';
import { LocationPanelDriver } from './support/location-driver';
import { MapDriver, colorDistance } from './support/map-driver';
import { MAP_LAYER } from './support/map-layers';

let town: DemoTown;

test.beforeAll(async () => {
  town = await loadDemoTown();
});

test('the map draws the offline basemap with WebGL', async ({ page }, testInfo) => {
  const map = new MapDriver(page);
  await page.goto('/');
  await expect(map.region).toBeVisible();
  // Census boundaries arrive after the style (a lazy chunk); wait until they are drawn.
  await map.expectRendered(MAP_LAYER.countyFill);
  await map.waitForIdle();

  // An empty WebGL canvas reads back as transparent black; the style paints an opaque
  // background, land and boundaries over it.
  const background = await map.paintColor('background', 'background-color');
  const pixels = await map.samplePixels(10);
  const painted = pixels.filter((p) => p[3] === 255);
  expect(painted.length, 'opaque pixels').toBeGreaterThan(pixels.length * 0.9);
  const notBackground = painted.filter((p) => colorDistance(p, background) > 8);
  expect(notBackground.length, 'pixels that differ from the background').toBeGreaterThan(10);

  const shot = testInfo.outputPath('map-county.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('map-county', { path: shot, contentType: 'image/png' });
});

// MapLibre draws with WebGL 2 only: a browser that offers WebGL 1 alone (or none) is told so,
// and keeps the search and the panels. The page's canvases refuse WebGL 2, as such a browser's do.
test('without WebGL 2 the map says it cannot start, and a searched location still opens', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      ...args: Parameters<typeof getContext>
    ) {
      return args[0] === 'webgl2' ? null : getContext.apply(this, args);
    } as typeof getContext;
  });
  const { points } = await loadDemoPoints();
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText(
    'The map could not start. This browser does not offer WebGL 2',
  );
  await expect(page.locator('.map-view__canvas canvas')).toHaveCount(0);
  await new LocationPanelDriver(page).searchPoint(points.Parcel);
});

test('at street zoom the demo town shows roads, names and location dots', async ({
  page,
}, testInfo) => {
  const map = new MapDriver(page);
  await page.goto('/');
  await map.jumpTo({ lng: town.lng, lat: town.lat, zoom: 16 });

  await map.expectRendered(MAP_LAYER.roadMinor);
  await map.expectRendered(MAP_LAYER.locationDot, 20);
  await map.expectRendered(MAP_LAYER.footprintFill);
  const labels = await map.renderedFeatures(MAP_LAYER.roadLabel);
  expect(labels.some((f) => typeof f.name === 'string' && f.name.length > 0)).toBe(true);
  // The attribution names what is drawn: the synthetic fabric and the Census boundaries.
  await expect(map.attribution).toContainText('Demo fabric: synthetic');
  await expect(map.attribution).toContainText('Boundaries: US Census');

  const shot = testInfo.outputPath('map-street.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('map-street', { path: shot, contentType: 'image/png' });
});

test('the top bar lists the service vintages, newest selected, and names the demo backend', async ({
  page,
}) => {
  await page.goto('/');
  const fabric = (await (await page.request.get('/api/fabric/vintages')).json()) as {
    vintage: string;
  }[];
  const coverage = (await (
    await page.request.get('/api/coverage/vintages?type=bdc')
  ).json()) as string[];
  expect(fabric.length).toBeGreaterThan(0);
  expect(coverage.length).toBeGreaterThan(0);

  for (const [label, vintages] of [
    ['Fabric vintage', fabric.map((v) => v.vintage)],
    ['Coverage vintage', coverage],
  ] as const) {
    const select = page.getByLabel(label);
    await expect(select).toBeEnabled();
    const offered = await select
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(offered.toSorted(), label).toEqual([...vintages].sort());
    await expect(select).toHaveValue([...vintages].sort().at(-1) ?? '');
  }

  // The badge and the start panel name the source the same way (from /api/health's capabilities).
  await expect(page.getByTestId('backend-badge')).toHaveText('Demo data (synthetic)');
  await expect(page.getByTestId('intro:source')).toHaveText(
    'Data: Demo data (synthetic): not real locations or offers.',
  );
});

test('every control the start panel names is on the screen under that name', async ({ page }) => {
  await page.goto('/');
  const intro = page.locator('.intro-panel');
  const named = await intro.locator('li strong').allTextContents();
  expect(named).toEqual([
    'Click the map',
    'Search an address',
    'Filters',
    'Compare releases',
    'Draw area',
    'Mobile coverage',
  ]);
  await expect(page.getByRole('combobox', { name: /search/i })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Compare releases' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Draw area' })).toBeVisible();
  await page.getByRole('button', { name: 'Layers', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: /Mobile coverage/ })).toBeVisible();
  // Nothing it promises that the panel cannot show.
  await expect(intro).not.toContainText('since when');
});

test('the view in the URL hash reproduces the map on a fresh load', async ({ page, context }) => {
  const map = new MapDriver(page);
  await page.goto('/');
  await map.jumpTo({ lng: town.lng + 0.01, lat: town.lat - 0.005, zoom: 14.5 });
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#map=14\.5\//);
  const link = page.url();

  const other = await context.newPage();
  const second = new MapDriver(other);
  await other.goto(link);
  await second.waitForIdle();
  const view = await second.view();
  expect(view.zoom).toBeCloseTo(14.5, 1);
  expect(view.lng).toBeCloseTo(town.lng + 0.01, 3);
  expect(view.lat).toBeCloseTo(town.lat - 0.005, 3);
  await other.close();
});

test('the layout holds at 768 pixels wide', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 768, height: 900 });
  const map = new MapDriver(page);
  await page.goto('/');
  await map.waitForIdle();
  for (const name of ['Inspect', 'Draw area', 'Layers', 'Settings']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('combobox', { name: /Search address/ })).toBeVisible();
  // Nothing pushes the page sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await map.region.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(300);

  const shot = testInfo.outputPath('layout-768.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('layout-768', { path: shot, contentType: 'image/png' });
});
