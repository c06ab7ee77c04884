// An area just kept (a county picked in Draw mode, or a county found by the search and kept with
// "Use as area") shows whole in the part of the map no card or panel covers, at a desktop, a
// tablet and a phone width: the panel that opens beside it for its report takes part of the
// map, and the area is fitted again in what is left rather than running under the panel. The
// report's status table fits that panel, no column cut at its edge until scrolled.
import type { Page } from '@playwright/test';
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import { enterDrawMode } from './support/area-driver';
import { loadDemoTown } from './support/demo-town';
import { expect, test } from './support/fixtures';
import { MapDriver } from './support/map-driver';
import { expectVisibleMiddle } from './support/map-room';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 768, height: 900 },
  { width: 390, height: 844 },
];

type Position = [number, number];
interface Boundary {
  geometry:
    | { type: 'Polygon'; coordinates: Position[][] }
    | { type: 'MultiPolygon'; coordinates: Position[][][] };
}

/** The county's outline, as the app server serves it to the app. */
async function countyOutline(page: Page, geoid: string): Promise<Position[]> {
  const response = await page.request.get(`/boundaries/counties/${geoid}.json`);
  expect(response.ok()).toBe(true);
  const { geometry } = (await response.json()) as Boundary;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.flatMap((rings) => rings[0]!);
}

/** The area named in the page's link (`area=c:17167`). */
async function linkedCounty(page: Page): Promise<string> {
  await expect(page).toHaveURL(/area=c(:|%3A)\d{5}/);
  return /area=c(?::|%3A)(\d{5})/.exec(page.url())![1]!;
}

/**
 * Every vertex of the county's outline lies in the part of the map its padding leaves (within
 * a pixel), and no card or panel overlaps that part.
 */
async function expectWholeInView(page: Page, map: MapDriver, geoid: string): Promise<void> {
  await map.waitForIdle();
  await expectVisibleMiddle(page, map);
  const visible = await map.visibleBox();
  const outline = await countyOutline(page, geoid);
  const shown = await Promise.all(outline.map(([lng, lat]) => map.project(lng, lat)));
  const box = {
    left: Math.min(...shown.map((p) => p.x)),
    right: Math.max(...shown.map((p) => p.x)),
    top: Math.min(...shown.map((p) => p.y)),
    bottom: Math.max(...shown.map((p) => p.y)),
  };
  expect(box.left, 'west edge, from the visible part').toBeGreaterThanOrEqual(visible.x - 1);
  expect(box.right, 'east edge').toBeLessThanOrEqual(visible.x + visible.width + 1);
  expect(box.top, 'north edge').toBeGreaterThanOrEqual(visible.y - 1);
  expect(box.bottom, 'south edge').toBeLessThanOrEqual(visible.y + visible.height + 1);
}

/** The report's status table fits the panel: no column is cut at its edge until scrolled. */
async function expectStatusTableFits(page: Page): Promise<void> {
  const table = page.getByTestId('report:status').getByRole('region');
  await expect(table).toBeVisible();
  const { scrollWidth, clientWidth, columns } = await table.evaluate((e) => ({
    scrollWidth: e.scrollWidth,
    clientWidth: e.clientWidth,
    columns: [...e.querySelectorAll('thead th')].map(
      (th) => `${th.textContent} ${Math.round(th.getBoundingClientRect().width)}`,
    ),
  }));
  expect(scrollWidth, `the status table's width (${columns.join(', ')})`).toBeLessThanOrEqual(
    clientWidth,
  );
}

/** On a phone the panel may start hidden: shown, as a planner reading the report would. */
async function showPanel(page: Page): Promise<void> {
  const show = page.getByRole('button', { name: 'Show panel' });
  if (await show.isVisible()) await show.click();
}

for (const { width, height } of SIZES) {
  test(`${width} px: a county picked in Draw mode shows whole beside the panel, its status table too`, async ({
    page,
    pageGuard,
  }) => {
    // A county's report starts past maxcount: 422 on purpose, then split.
    pageGuard.allowFailures('/report');
    await page.setViewportSize({ width, height });
    const town = await loadDemoTown();
    const map = new MapDriver(page);
    await page.goto(`/#map=9/${town.lat}/${town.lng}`);
    await map.waitForIdle();
    await enterDrawMode(page);
    await map.waitForIdle();
    // The county under the map's centre (the town, the view the link names), clicked where the
    // map shows: on a phone the attribution may lie over the town's own pixel.
    const centre = await map.visibleCentre();
    await page.mouse.click(centre.x, centre.y);
    await page.getByRole('button', { name: 'Use this county' }).click();
    const geoid = await linkedCounty(page);
    await showPanel(page);
    await expect(page.getByTestId('report:total')).toBeVisible({ timeout: 60_000 });
    await expectWholeInView(page, map, geoid);
    await expectStatusTableFits(page);
  });
}

test('768 px: a county found by the search and kept as an area shows whole beside the panel', async ({
  page,
  pageGuard,
}) => {
  pageGuard.allowFailures('/report');
  await page.setViewportSize({ width: 768, height: 900 });
  const env = process.env.DEMO_LOCATIONS;
  const fabric = await loadDemoFabric(env ? { locations: Number(env) } : {});
  const map = new MapDriver(page);
  await page.goto('/');
  await map.waitForIdle();
  const search = page.getByRole('combobox', { name: 'Search address' });
  await search.fill(fabric.county.name);
  await expect(page.getByRole('option').first()).toContainText('County');
  await search.press('Enter');
  await map.waitForIdle();
  await page.getByRole('button', { name: 'Use as area' }).click();
  const geoid = await linkedCounty(page);
  await showPanel(page);
  await expect(page.getByTestId('report:total')).toBeVisible({ timeout: 60_000 });
  await expectWholeInView(page, map, geoid);
});
