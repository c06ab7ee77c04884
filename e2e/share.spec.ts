// Sharing an area's view (README, "Area sources and sharing"): Copy link on a drawn area opens the same report, tab,
// filters and comparison in a fresh browser; a county link opens the county's report as the
// API counts it; an area too detailed for a link goes out as a view file that opens the same
// view when dropped on the map; a county's offer also offers its state, from the keyboard.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { AreaPanelDriver } from './support/area-driver';
import { loadDemoFabric } from '../server/demo/load-demo-fabric';
import { densestTown, type DemoTown } from './support/demo-town';
import { expect, test } from './support/fixtures';
import { FixedLayerDriver } from './support/fixed-layer';
import { MapDriver } from './support/map-driver';
import { grouped } from './support/planner-text';
import { ReportDriver } from './support/report-driver';

const RELEASE = { fabric: '202506', coverage: '202506' };
const COMPARED = { fabric: '202412', coverage: '202412' };

let town: DemoTown;
/** Locations of the demo fabric in RELEASE: all lie in Sangamon County, so in Illinois too. */
let releaseCount = 0;
test.beforeAll(async () => {
  const env = process.env.DEMO_LOCATIONS;
  const fabric = await loadDemoFabric(env ? { locations: Number(env) } : {});
  town = densestTown(fabric);
  const bit = 1 << fabric.vintages.findIndex((v) => v.vintage === RELEASE.fabric);
  for (let i = 0; i < fabric.locations.count; i++)
    if (fabric.locations.presence[i]! & bit) releaseCount++;
});

/** What a planner reads of the view: the area, the tab, the report (or summary) and pickers. */
async function shownView(page: Page) {
  const panel = new AreaPanelDriver(page, new MapDriver(page));
  const report = new ReportDriver(page, panel);
  const tab = await panel.region.getByRole('tab', { selected: true }).textContent();
  const compare = page.getByRole('region', { name: 'Compare releases' });
  const view = {
    area: await panel.region.getByRole('radio', { checked: true }).getAttribute('aria-label'),
    tab,
    fabric: await page.getByRole('combobox', { name: 'Fabric vintage' }).inputValue(),
    coverage: await page.getByRole('combobox', { name: 'Coverage vintage' }).inputValue(),
    compare: [
      await compare.getByTestId('compare:coverage').inputValue(),
      await compare.getByTestId('compare:fabric').inputValue(),
    ],
    filters: await new FixedLayerDriver(page, new MapDriver(page)).shownFilters(),
  };
  if (tab === 'Report') {
    await expect(report.total).toBeVisible({ timeout: 30_000 });
    return {
      ...view,
      total: await report.total.textContent(),
      filterLine: await panel.region.getByTestId('report:filters').textContent(),
      status: await report.rows('status'),
      tiers: await report.rows('tiers'),
      providers: await report.rows('providers'),
    };
  }
  await expect(panel.total).toBeVisible({ timeout: 30_000 });
  return { ...view, total: await panel.total.textContent(), rows: await panel.rows() };
}

/** The link Copy link gave (the field beside it shows it, whether or not the clipboard took it). */
async function copyLink(page: Page): Promise<string> {
  const region = page.getByRole('region', { name: 'Area summary' });
  await region.getByRole('button', { name: 'Copy link' }).click();
  await expect(region.getByText('Link copied.')).toBeVisible();
  const link = await region.getByRole('textbox', { name: /^Link to / }).inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  return link;
}

/** A page in a new browser context: no storage, no areas, nothing of the sender's. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

test('a copied link opens the same report, tab, filters and comparison in a fresh browser', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const map = new MapDriver(page);
  await page.goto(
    `/?v=${RELEASE.fabric}&cv=${RELEASE.coverage}&wcv=${COMPARED.coverage}&wv=${COMPARED.fabric}#map=14/${town.lat}/${town.lng}`,
  );
  await map.waitForIdle();
  const filters = { audience: 'business', speed: '100/20', tech: 'any', lowLatency: true } as const;
  await new FixedLayerDriver(page, map).setFilters(filters);
  const panel = new AreaPanelDriver(page, map);
  await panel.open();
  await panel.drawRectangle(120);
  await panel.areaName.fill('Ward 5');
  const sent = await shownView(page);
  expect(sent.filters).toEqual(filters);
  expect(sent.compare).toEqual([COMPARED.coverage, COMPARED.fabric]);
  const link = await copyLink(page);
  expect(link.length).toBeLessThanOrEqual(2000);
  expect(new URL(link).searchParams.get('area')).toMatch(/^d:[A-Za-z0-9_.*-]+$/);

  const other = await freshPage(browser, baseURL);
  await other.goto(link);
  await new MapDriver(other).waitForIdle();
  await expect(other.getByRole('radio', { name: 'Summarize Ward 5' })).toBeChecked();
  expect(await shownView(other)).toEqual(sent);
  await other.screenshot({ path: test.info().outputPath('share-opened-1280.png') });

  // The custom summary tab travels too; opening a link twice keeps one area.
  await panel.showCustomSummary();
  // The link shown before no longer says what the page shows: it is taken back.
  await expect(panel.region.getByText('Link copied.')).toHaveCount(0);
  const custom = await shownView(page);
  const customLink = await copyLink(page);
  expect(new URL(customLink).searchParams.get('tab')).toBe('custom');
  await other.goto(customLink);
  await expect(other.getByRole('tab', { name: 'Custom summary' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(other.getByRole('radio', { name: 'Summarize Ward 5' })).toBeChecked();
  expect(await shownView(other)).toEqual(custom);
  await expect(new AreaPanelDriver(other, new MapDriver(other)).savedAreas).toHaveCount(1);
  for (const [width, height] of [
    [1280, 800],
    [768, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByRole('button', { name: 'Copy link' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`share-link-${width}.png`) });
  }
  await other.context().close();
});

test('a county link opens the county’s report: every location of the fabric, split ahead', async ({
  page,
  pageGuard,
}) => {
  // The whole county is past maxcount: the app counts it first and splits it before asking, so
  // the service refuses nothing and the console stays clean.
  const refused: string[] = [];
  const counted: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 422) refused.push(r.url());
    if (new URL(r.url()).pathname.endsWith('/count')) counted.push(r.url());
  });
  await page.goto(`/?area=c:17167&v=${RELEASE.fabric}&cv=${RELEASE.coverage}`);
  const panel = new AreaPanelDriver(page, new MapDriver(page));
  await expect(
    panel.region.getByRole('radio', { name: 'Summarize Sangamon County' }),
  ).toBeChecked();
  await expect(panel.savedAreas).toContainText('County');
  await expect(new ReportDriver(page, panel).total).toHaveText(grouped(releaseCount), {
    timeout: 60_000,
  });
  expect(new URL(page.url()).searchParams.get('area')).toBe('c:17167');
  expect(refused).toEqual([]);
  expect(pageGuard.problems()).toEqual([]);
  expect(counted.length).toBeGreaterThan(1);
});

test('a malformed area in a link is left out with a notice, and the rest applies', async ({
  page,
}) => {
  await page.goto(`/?area=d:AB!C&cv=${COMPARED.coverage}`);
  await expect(page.getByRole('alert')).toContainText('The link’s area was left out');
  await expect(page.getByRole('combobox', { name: 'Coverage vintage' })).toHaveValue(
    COMPARED.coverage,
  );
});

test('an area too detailed for a link goes out as a view file that opens the same view', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const map = new MapDriver(page);
  await page.goto(
    `/?v=${RELEASE.fabric}&cv=${RELEASE.coverage}&spd=25%2F3&wcv=${COMPARED.coverage}&wv=${COMPARED.fabric}#map=13/${town.lat}/${town.lng}`,
  );
  await map.waitForIdle();
  const panel = new AreaPanelDriver(page, map);
  await panel.open();
  // A 1,500-vertex outline around the town: its code would take several thousand characters.
  const ring = Array.from({ length: 1500 }, (_, i) => {
    const a = (2 * Math.PI * i) / 1500;
    return [town.lng + 0.012 * Math.cos(a), town.lat + 0.009 * Math.sin(a)];
  });
  const outline = {
    type: 'Feature',
    properties: { name: 'Town ring' },
    geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
  };
  await page.getByLabel('GeoJSON file').setInputFiles({
    name: 'town-ring.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify(outline)),
  });
  await expect(panel.savedAreas).toHaveCount(1);
  expect(new URL(page.url()).searchParams.has('area')).toBe(false);
  const sent = await shownView(page);
  const download = page.waitForEvent('download');
  await panel.region.getByRole('button', { name: 'Copy link' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('town-ring-view.geojson');
  await expect(panel.region.getByRole('status').first()).toContainText(
    'Town ring is too detailed for a link',
  );
  const text = await readFile((await file.path())!, 'utf8');

  const other = await freshPage(browser, baseURL);
  const otherMap = new MapDriver(other);
  await other.goto(`/#map=13/${town.lat}/${town.lng}`);
  await otherMap.waitForIdle();
  await new AreaPanelDriver(other, otherMap).open();
  const drop = await other.evaluateHandle((content) => {
    const data = new DataTransfer();
    data.items.add(new File([content], 'town-ring-view.geojson', { type: 'application/geo+json' }));
    return data;
  }, text);
  const target = otherMap.region;
  await target.dispatchEvent('dragover', { dataTransfer: drop });
  await target.dispatchEvent('drop', { dataTransfer: drop });
  await expect(other.getByRole('status').filter({ hasText: 'Opened the view in' })).toBeVisible();
  expect(await shownView(other)).toEqual(sent);
  await other.context().close();
});

test('a county’s offer also offers its state, from the keyboard', async ({ page }) => {
  const map = new MapDriver(page);
  await page.goto(`/?v=${RELEASE.fabric}&cv=${RELEASE.coverage}#map=9/${town.lat}/${town.lng}`);
  await map.waitForIdle();
  const panel = new AreaPanelDriver(page, map);
  await panel.open();
  await map.region.focus();
  await page.keyboard.press('Enter');
  const offer = page.getByRole('dialog', { name: 'County or state' });
  await expect(offer.getByRole('button', { name: 'Use this county' })).toBeFocused();
  await expect(offer.getByRole('button', { name: 'Use Illinois' })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('state-offer-1280.png') });
  await page.keyboard.press('Tab');
  await expect(offer.getByRole('button', { name: 'Use Illinois' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.region.getByRole('radio', { name: 'Summarize Illinois' })).toBeChecked();
  await expect(panel.savedAreas).toContainText('State');
  expect(new URL(page.url()).searchParams.get('area')).toBe('s:17');
  await expect(new ReportDriver(page, panel).total).toHaveText(grouped(releaseCount), {
    timeout: 90_000,
  });
});
