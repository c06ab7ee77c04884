// The workspace gives the same product as the demo: one demo fabric served by the embedded demo
// app server, and synced (by the sync itself, through a proxy offering only the published
// operations) into a workspace that an app server answers from, the rest going upstream. Each
// view a planner uses (the start view, a location at street zoom, compare releases, the county
// report and its location list, town and ZIP search) is opened in both apps and every figure
// shown must agree; only the stamp naming the source differs, and it names the workspace.
import type { Page } from '@playwright/test';
import { chooseDemoPoints, type DemoPoints } from './support/demo-points';
import { densestTown, type DemoTown } from './support/demo-town';
import { expect, test, watchPage } from './support/fixtures';
import { MapDriver } from './support/map-driver';
import { MAP_LAYER } from './support/map-layers';
import {
  compareViews,
  countyReportView,
  locationView,
  placeSearchView,
  startView,
  type Release,
} from './support/parity-views';
import { startWorkspacePair, type WorkspacePair } from './support/workspace-pair';

let pair: WorkspacePair;
let points: DemoPoints;
let town: DemoTown;
let before: Release;

test.beforeAll(async () => {
  pair = await startWorkspacePair();
  [points, town] = [await chooseDemoPoints(pair.fabric), densestTown(pair.fabric)];
  // The release before the newest, of the two the sync keeps of each.
  const [fabric, coverage] = [pair.manifest.fabricVintages, pair.manifest.coverageVintages];
  before = { fabric: fabric.at(-2)!, coverage: coverage.at(-2)! };
});
test.afterAll(async () => {
  await points?.store.close();
  await pair?.close();
});

/** The same view in the demo app (a second page, watched alike) and in the workspace app. */
async function inBoth<T>(page: Page, view: (p: Page, base: string) => Promise<T>) {
  const other = await page.context().newPage();
  const problems = watchPage(other);
  const demo = await view(other, pair.demoUrl);
  await other.close();
  expect(problems, 'the demo page logged errors or had failed requests').toEqual([]);
  return { demo, workspace: await view(page, pair.workspaceUrl) };
}

test('the start view draws the same hexagons and legend, and names the workspace', async ({
  page,
}, testInfo) => {
  const { demo, workspace } = await inBoth(page, startView);
  expect(demo.hexagons.length).toBeGreaterThan(10);
  expect(workspace.hexagons).toEqual(demo.hexagons);
  expect(workspace.legend).toEqual(demo.legend);

  const county = pair.manifest.areas[0]!.name;
  await expect(page.getByTestId('backend-badge')).toHaveText(`Workspace · ${pair.upstreamHost}`);
  await expect(page.getByTestId('intro:source')).toHaveText(
    `Data: Workspace: ${county} from ${pair.upstreamHost}, synced ${pair.manifest.syncedAt.slice(0, 10)}.`,
  );
  // The workspace's tiles are not named synthetic: they are the service's fabric.
  const map = new MapDriver(page);
  await expect(map.attribution).toContainText(`Workspace: `);
  await expect(map.attribution).toContainText(pair.upstreamHost);
  await expect(map.attribution).not.toContainText('Demo fabric');
  // What is drawn, at the desktop width the page has and on a phone.
  for (const width of [1280, 390]) {
    if (width !== page.viewportSize()?.width) {
      // A fresh start (a reload would keep the desktop view the URL hash now holds).
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${pair.workspaceUrl}/`);
      await map.expectRendered(MAP_LAYER.fixedHexFill);
      await map.waitForIdle();
    }
    const path = testInfo.outputPath(`workspace-start-${width}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`workspace-start-${width}`, { path, contentType: 'image/png' });
  }
});

test('a location clicked at street zoom shows the same address, providers and history', async ({
  page,
}) => {
  const at = points.points.FootprintParcel;
  const { demo, workspace } = await inBoth(page, (p, base) => locationView(p, base, at));
  expect(demo.panel).toContain(String(at.locationId));
  expect(demo.providers.length).toBeGreaterThan(0);
  expect(workspace).toEqual(demo);
});

test('compare releases counts the same changes at the town and the county', async ({ page }) => {
  const views = [15, 10].map((zoom) => ({ lng: town.lng, lat: town.lat, zoom }));
  const { demo, workspace } = await inBoth(page, (p, base) => compareViews(p, base, before, views));
  expect(workspace).toEqual(demo);
});

test('the county report and its location list are the same', async ({ page }) => {
  const { demo, workspace } = await inBoth(page, (p, base) => countyReportView(p, base, town));
  expect(demo.report).toMatch(/\d/);
  expect(workspace.report).toEqual(demo.report);
  expect(demo.list.split('\n').length).toBeGreaterThan(100);
  // The same file but for when it was made and whose data it names.
  const header = (list: string, name: string) =>
    list.split('\n').find((line) => line.startsWith(`${name},`)) ?? '';
  const sameRows = (list: string) =>
    list
      .split('\n')
      .filter((line) => !/^(Generated|Data),/.test(line))
      .join('\n');
  expect(sameRows(workspace.list)).toEqual(sameRows(demo.list));
  expect(header(demo.list, 'Data')).toContain('Demo data (synthetic)');
  expect(header(workspace.list, 'Data')).toContain(`Workspace: `);
  expect(header(workspace.list, 'Data')).toContain(pair.upstreamHost);
  expect(workspace.listName).toEqual(demo.listName);
});

test('a town and a ZIP code offer the same places and fly to the same view', async ({ page }) => {
  const zip = pair.fabric.towns.find((t) => t.name === town.name)!.zip;
  const { demo, workspace } = await inBoth(page, (p, base) =>
    placeSearchView(p, base, [town.name, zip]),
  );
  expect(demo.every((d) => d.options.length > 0)).toBe(true);
  expect(workspace).toEqual(demo);
});
