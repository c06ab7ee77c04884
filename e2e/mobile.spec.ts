// Mobile coverage: the hexagon layer over the demo town agrees with the service's records,
// fetches in bulk and from cache, filters, the hexagon panel and deep links. The time a
// ~5,000-cell view takes to draw is a figure of `npm run bench:map` (bench/mobile-cells.ts).
import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { loadDemoTown, type DemoTown } from './support/demo-town';
import { cellCentre, cellsInView, clickCell, isWholeBlocks } from './support/h3-view';
import { MapDriver } from './support/map-driver';
import { MAP_LAYER } from './support/map-layers';
import {
  LEGEND,
  expectedLegend,
  hexRowText,
  type ApiMobileRecord as ApiRecord,
} from './support/mobile-expect';
import { HexPanelDriver, MobileLayerDriver } from './support/mobile-layer';
import { monthYear } from './support/planner-text';

let town: DemoTown;

test.beforeAll(async () => {
  town = await loadDemoTown();
});
const MOBILE_PATH = '/api/coverage/bdcmobile';

function isMobileRequest(request: Request): boolean {
  return new URL(request.url()).pathname === MOBILE_PATH;
}

function coverageVintage(page: Page): string {
  const cv = new URL(page.url()).searchParams.get('cv');
  if (!cv) throw new Error('the app did not write the coverage vintage into the URL');
  return cv;
}

/** The service's records for some cells, fetched directly in bulk chunks of 1000. */
async function apiRecords(page: Page, vintage: string, cells: readonly string[]) {
  const byCell = new Map<string, ApiRecord[]>(cells.map((c) => [c, []]));
  for (let i = 0; i < cells.length; i += 1000) {
    const response = await page.request.post(`${MOBILE_PATH}?vintage=${vintage}`, {
      data: cells.slice(i, i + 1000),
    });
    expect(response.status()).toBe(200);
    for (const record of (await response.json()) as ApiRecord[]) {
      byCell.get(record.h3_res9_id)?.push(record);
    }
  }
  return byCell;
}

async function openTown(page: Page, mobile: MobileLayerDriver, zoom = 14): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('request', (r) => void (isMobileRequest(r) && requests.push(r)));
  await page.goto(`/#map=${zoom}/${town.lat}/${town.lng}`);
  await mobile.map.waitForIdle();
  await mobile.turnOn();
  await mobile.waitForCells();
  return requests;
}

test('the layer draws the town in bulk requests, with legend counts the service agrees with', async ({
  page,
}, testInfo) => {
  const map = new MapDriver(page);
  const mobile = new MobileLayerDriver(page, map);
  const requests = await openTown(page, mobile);

  const cells = cellsInView(await map.bounds());
  expect(cells.length).toBeGreaterThan(100);
  await map.expectRendered(MAP_LAYER.mobileFill, 50);

  const byCell = await apiRecords(page, coverageVintage(page), cells);
  const counts = await mobile.legendCounts();
  expect(counts).toEqual(expectedLegend(cells, byCell));
  expect(counts[LEGEND.none], 'some cells in town have coverage').toBeLessThan(cells.length);

  // Fetched in bulk POSTs of whole res-7 blocks of cells, each cell once, at most 1000 a
  // request (the service's bulk limit): no request per cell.
  expect(requests.every((r) => r.method() === 'POST')).toBe(true);
  const bodies = requests.map((r) => r.postDataJSON() as string[]);
  const asked = new Set(bodies.flat());
  expect(bodies.flat().length, 'cells asked for more than once').toBe(asked.size);
  expect(Math.max(...bodies.map((b) => b.length))).toBeLessThanOrEqual(1000);
  expect(
    cells.filter((c) => !asked.has(c)),
    'cells in view never asked for',
  ).toEqual([]);
  expect(isWholeBlocks(asked), 'whole blocks asked for').toBe(true);
  expect(requests.length).toBeLessThanOrEqual(Math.ceil(asked.size / 1000) + 1);

  const shot = testInfo.outputPath('mobile-layer.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('mobile-layer', { path: shot, contentType: 'image/png' });

  // A filter reclassifies the same records: 3G only, then 3G in a vehicle only.
  await mobile.filter('Technology').selectOption('3G');
  await expect
    .poll(() => mobile.legendCounts())
    .toEqual(expectedLegend(cells, byCell, { generation: 3 }));
  expect(await mobile.legendCounts()).not.toEqual(counts);
  await mobile.filter('Environment').selectOption('In-vehicle');
  await expect
    .poll(() => mobile.legendCounts())
    .toEqual(expectedLegend(cells, byCell, { generation: 3, environment: 1 }));
});

test('panning away and back fetches nothing again for cells already loaded', async ({ page }) => {
  const map = new MapDriver(page);
  const mobile = new MobileLayerDriver(page, map);
  const requests = await openTown(page, mobile);
  const before = requests.length;

  await map.jumpTo({ lng: town.lng + 0.12, lat: town.lat, zoom: 14 });
  await mobile.waitForCells();
  const away = requests.length;
  expect(away, 'the new view was fetched').toBeGreaterThan(before);

  await map.jumpTo({ lng: town.lng, lat: town.lat, zoom: 14 });
  await mobile.waitForCells();
  expect(requests.length, 'requests after panning back').toBe(away);
});

test('farther out the layer asks the user to zoom in instead of fetching', async ({ page }) => {
  const map = new MapDriver(page);
  const mobile = new MobileLayerDriver(page, map);
  const requests: Request[] = [];
  page.on('request', (r) => void (isMobileRequest(r) && requests.push(r)));
  await page.goto(`/#map=11/${town.lat}/${town.lng}`);
  await map.waitForIdle();
  await mobile.turnOn();
  await expect(mobile.legend.getByText('Zoom in to see mobile coverage')).toBeVisible();
  await map.waitForIdle();
  expect(requests).toHaveLength(0);
});

/** A cell in view that has records, near the view's centre so it is clickable. */
async function servedCell(
  page: Page,
  map: MapDriver,
): Promise<{ cell: string; records: ApiRecord[] }> {
  const cells = cellsInView(await map.bounds());
  const byCell = await apiRecords(page, coverageVintage(page), cells);
  const centre = await map.view();
  const served = cells
    .filter((c) => (byCell.get(c) ?? []).length > 1)
    .map((c) => ({
      c,
      d: Math.hypot(cellCentre(c).lng - centre.lng, cellCentre(c).lat - centre.lat),
    }))
    .sort((a, b) => a.d - b.d);
  expect(served.length, 'cells with records in view').toBeGreaterThan(0);
  const cell = served[0].c;
  return { cell, records: byCell.get(cell) ?? [] };
}

/** The cells the selection outline draws (one line may come back in pieces per tile). */
async function selectedOutline(map: MapDriver): Promise<unknown[]> {
  return [...new Set((await map.renderedFeatures(MAP_LAYER.hexSelected)).map((f) => f.h3))];
}

test('clicking a hexagon opens its panel with the service records, and a link restores it', async ({
  page,
}, testInfo) => {
  const map = new MapDriver(page);
  await openTown(page, new MobileLayerDriver(page, map), 15);
  const { cell, records } = await servedCell(page, map);
  const vintage = coverageVintage(page);
  // Every record, in words; the table lists carriers by name, so the order is compared aside.
  const expected = records.map(hexRowText).sort();

  await clickCell(map, cell);
  const panel = new HexPanelDriver(page);
  await expect(panel.cell).toHaveText(cell);
  await expect(panel.coverageAsOf).toHaveText(`Coverage data as of ${monthYear(vintage)}`);
  await expect(panel.recordRows).toHaveCount(records.length);
  expect((await panel.records()).sort()).toEqual(expected);
  await expect.poll(() => selectedOutline(map)).toEqual([cell]);
  expect(new URL(page.url()).searchParams.get('hex')).toBe(cell);

  const shot = testInfo.outputPath('hex-panel.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('hex-panel', { path: shot, contentType: 'image/png' });

  // A fresh page from the link alone: the panel, the records and the outline come back.
  await page.goto(`/?hex=${cell}`);
  await expect(panel.cell).toHaveText(cell);
  await expect(panel.recordRows).toHaveCount(records.length);
  expect((await panel.records()).sort()).toEqual(expected);
  await map.waitForIdle();
  await expect.poll(() => selectedOutline(map)).toEqual([cell]);
});
