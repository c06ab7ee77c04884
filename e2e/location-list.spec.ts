// The area's location list (README, "Location list"): the whole county's list as CSV, streamed from
// collect3, bulk and bdcfixed with its progress seen moving, has one row per location the
// report counts, each id once; the time to the last row is printed. Comparing two releases over
// the demo town, the changed locations' classes are those worked out from the API's records.
// The area and its hexagons as GeoJSON: the cells summed are the API's report for the area (at
// each release when comparing), each cell res 8 holding the listed locations whose point is in it.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { getResolution, isValidCell, latLngToCell } from 'h3-js';
import { AreaPanelDriver } from './support/area-driver';
import { expectedChanges, type Release } from './support/compare-expect';
import { loadDemoTown, type DemoTown } from './support/demo-town';
import { expect, test } from './support/fixtures';
import { MapDriver } from './support/map-driver';
import { cells } from './support/csv-cells';
import { countIn } from './support/planner-text';
import { apiPost } from './support/service-api';

const AFTER: Release = { coverage: '202506', fabric: '202506' };
const BEFORE: Release = { coverage: '202412', fabric: '202412' };

let town: DemoTown;
test.beforeAll(async () => {
  town = await loadDemoTown();
});

// The Blob path (the download) is the one tested: a save dialog cannot be answered here.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
});

async function readCsv(download: Download) {
  const text = await readFile((await download.path())!, 'utf8');
  // The stamp block first (what the list counts), then the table from the line it names.
  const first = Number(/^Table starts on line,(\d+)$/m.exec(text)![1]);
  const lines = text.split('\r\n');
  const stamp = lines.slice(0, first - 2).join('\n');
  const table = lines.slice(first - 1).filter((l) => l !== '');
  const header = cells(table[0]!);
  return { name: download.suggestedFilename(), stamp, header, rows: table.slice(1).map(cells) };
}

/** Every aria-valuenow the progress bar shows, sampled in the page. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { seenProgress: string[] };
    w.seenProgress = [];
    setInterval(() => {
      const bar = document.querySelector('progress[aria-label="Locations listed"]');
      const now = bar?.getAttribute('aria-valuenow');
      if (now && w.seenProgress.at(-1) !== now) w.seenProgress.push(now);
    }, 20);
  });
  return () => page.evaluate(() => (window as unknown as { seenProgress: string[] }).seenProgress);
}

/** A rectangle drawn over the demo town at the later release, compared with the earlier or not. */
async function townRectangle(page: Page, comparing: boolean): Promise<AreaPanelDriver> {
  const map = new MapDriver(page);
  const compare = comparing ? `&wcv=${BEFORE.coverage}&wv=${BEFORE.fabric}` : '';
  await page.goto(
    `/?v=${AFTER.fabric}&cv=${AFTER.coverage}${compare}#map=14/${town.lat}/${town.lng}`,
  );
  await map.waitForIdle();
  const panel = new AreaPanelDriver(page, map);
  await panel.open();
  await panel.drawRectangle(140);
  return panel;
}

test('the whole county: one row per location the report counts, each once, with progress', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const map = new MapDriver(page);
  await page.goto(`/#map=9/${town.lat}/${town.lng}`);
  await map.waitForIdle();
  const panel = new AreaPanelDriver(page, map);
  await panel.open();
  await map.clickAt(town.lng, town.lat);
  await page.getByRole('button', { name: 'Use this county' }).click();
  const total = panel.region.getByTestId('report:total');
  await expect(total).toBeVisible({ timeout: 150_000 });
  const expected = countIn(await total.textContent());

  const seen = await watchProgress(page);
  const download = page.waitForEvent('download', { timeout: 180_000 });
  const started = Date.now();
  await panel.region.getByRole('button', { name: 'Download location list (CSV)' }).click();
  await expect(panel.region.getByRole('progressbar', { name: 'Locations listed' })).toBeVisible();
  const file = await download;
  const elapsed = Date.now() - started;
  const { name, header, rows } = await readCsv(file);

  expect(name).toMatch(
    /-locations-fabric\d{6}-coverage\d{6}-residential-bead-any-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  expect(header.slice(0, 2)).toEqual(['location_id', 'address']);
  expect(header).toContain('status');
  expect(rows.length).toBe(expected);
  const ids = new Set(rows.map((r) => r[0]));
  expect(ids.size).toBe(rows.length);
  expect(rows.every((r) => r.length === header.length)).toBe(true);
  // Progress moved: at least one value between the first and the last.
  const values = (await seen()).map(Number);
  expect(values.some((v) => v > 0 && v < expected)).toBe(true);
  await expect(panel.region.getByTestId('location-list:done')).toContainText(
    `${expected.toLocaleString('en-US')} locations written`,
  );
  console.log(`county location list: ${rows.length} rows, ${elapsed} ms to the last row`);
  testInfo.annotations.push({
    type: 'county location list (ms to the last row)',
    description: `${elapsed} (${rows.length} rows)`,
  });
});

test('comparing over the demo town: the changed locations are classed as the API says', async ({
  page,
  request,
}) => {
  const panel = await townRectangle(page, true);
  await panel.region.getByRole('button', { name: 'List changed locations' }).click();
  const list = panel.region.getByTestId('changed-locations');
  await expect(list).toBeVisible({ timeout: 60_000 });

  const items = list.getByRole('list', { name: 'Changed locations' }).getByRole('button');
  const shown = await items.evaluateAll((buttons) =>
    buttons.map((b) => [Number(b.getAttribute('data-location-id')), b.getAttribute('data-class')]),
  );
  expect(shown.length).toBeGreaterThan(0);
  const classes = new Set(shown.map(([, c]) => c));
  // The retired and new locations and the status changes: more than one class.
  expect(classes.size).toBeGreaterThan(1);
  const ids = shown.map(([id]) => id as number);
  const api = await expectedChanges(request, ids, BEFORE, AFTER);
  expect(new Map(shown as [number, string][])).toEqual(api);

  // The class counts add up to the changed list's CSV.
  const download = page.waitForEvent('download');
  await list.getByRole('button', { name: 'Download changed locations (CSV)' }).click();
  const { name, header, rows } = await readCsv(await download);
  expect(name).toMatch(/-changed-locations-fabric202506-coverage202506-vs-fabric202412-/);
  const changeAt = header.indexOf('change');
  expect(header).toContain('status_202412');
  expect(header).toContain('status_202506');
  const counted = await list
    .getByRole('table', { name: 'Locations by change class' })
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.getAttribute('data-class'), tr.querySelector('td')!.textContent]),
    );
  for (const [cls, n] of counted) {
    if (cls === 'unchanged') continue;
    expect(rows.filter((r) => r[changeAt] === cls).length, cls!).toBe(countIn(n));
  }

  // A listed location selects it on the map: the location panel opens on it.
  await items.first().click();
  await expect(page).toHaveURL(new RegExp(`loc=${ids[0]}`));
});

interface Hexagons {
  name: string;
  features: { type: 'Feature'; geometry: GeoJSON.Geometry; properties: Record<string, unknown> }[];
}

async function downloadHexagons(page: Page, panel: AreaPanelDriver): Promise<Hexagons> {
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await panel.region.getByRole('button', { name: 'Download area and hexagons (GeoJSON)' }).click();
  const file = await download;
  const doc = JSON.parse(await readFile((await file.path())!, 'utf8')) as Hexagons;
  return { ...doc, name: file.suggestedFilename() };
}

/** A property summed over the hexagons. */
const sumOf = (hexes: Hexagons['features'], key: string) =>
  hexes.reduce((n, f) => n + Number(f.properties[key] ?? 0), 0);

type StatusCounts = Record<string, { locations: number; units: number }>;
interface ApiReport {
  locationcount: number;
  status: StatusCounts;
}
const reportOf = (request: APIRequestContext, r: Release, area: GeoJSON.Polygon) =>
  apiPost<ApiReport>(request, `/fabricext/${r.fabric}/report?coverage=${r.coverage}`, area);

test('the area and its hexagons as GeoJSON: the area first, the cells summed are the report', async ({
  page,
  request,
}) => {
  const panel = await townRectangle(page, false);
  await expect(panel.region.getByTestId('report:total')).toBeVisible({ timeout: 60_000 });
  const area = await panel.storedArea();
  const api = await reportOf(request, AFTER, area);

  // Not listed yet: the list runs without a file, then the download follows.
  const doc = await downloadHexagons(page, panel);
  await expect(panel.region.getByTestId('location-list:done')).toContainText(
    `${api.locationcount.toLocaleString('en-US')} locations listed`,
  );
  expect(doc.name).toMatch(
    /-hexagons-fabric202506-coverage202506-residential-bead-any-\d{4}-\d{2}-\d{2}\.geojson$/,
  );
  const [first, ...hexes] = doc.features;
  expect(first!.properties).toMatchObject({
    kind: 'area',
    name: await panel.areaName.inputValue(),
    fabric: AFTER.fabric,
    coverage: AFTER.coverage,
    audience: 'residential',
    speed: 'bead',
    locations: api.locationcount,
    hexagons: hexes.length,
  });
  expect(first!.geometry).toEqual(area);
  expect(hexes.length).toBeGreaterThan(1);
  for (const status of Object.keys(api.status)) {
    expect(sumOf(hexes, status), status).toBe(api.status[status]!.locations);
    expect(sumOf(hexes, `${status}_units`), `${status} units`).toBe(api.status[status]!.units);
  }
  expect(sumOf(hexes, 'locations')).toBe(api.locationcount);

  // Each cell is res 8 and holds exactly the listed locations whose point lies in it.
  const csv = page.waitForEvent('download', { timeout: 60_000 });
  await panel.region.getByRole('button', { name: 'Download location list (CSV)' }).click();
  const { header, rows } = await readCsv(await csv);
  const [lat, lng] = [header.indexOf('latitude'), header.indexOf('longitude')];
  const perCell = new Map<string, number>();
  for (const r of rows) {
    const cell = latLngToCell(Number(r[lat]), Number(r[lng]), 8);
    perCell.set(cell, (perCell.get(cell) ?? 0) + 1);
  }
  for (const f of hexes) {
    const h3 = String(f.properties.h3);
    expect(isValidCell(h3) && getResolution(h3)).toBe(8);
    expect(f.properties.kind).toBe('hexagon');
    expect(f.properties.locations, h3).toBe(perCell.get(h3));
  }
  expect(perCell.size).toBe(hexes.length);

  // After a run, the file comes at once: no location is asked for again.
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().includes('/bulk/')) asked++;
  });
  const again = await downloadHexagons(page, panel);
  expect(again.features.slice(1)).toEqual(hexes);
  expect(asked).toBe(0);
});

test('comparing: the other release summed is its report, the net change is after − before', async ({
  page,
  request,
}) => {
  const panel = await townRectangle(page, true);
  const area = await panel.storedArea();
  const [after, before] = await Promise.all([
    reportOf(request, AFTER, area),
    reportOf(request, BEFORE, area),
  ]);
  const doc = await downloadHexagons(page, panel);
  expect(doc.name).toMatch(/-hexagons-fabric202506-coverage202506-vs-fabric202412-/);
  const [first, ...hexes] = doc.features;
  expect(first!.properties).toMatchObject({ fabric_b: BEFORE.fabric, coverage_b: BEFORE.coverage });
  for (const status of ['served', 'underserved', 'unserved', 'notinrelease', 'notbsl']) {
    expect(sumOf(hexes, status), status).toBe(after.status[status]!.locations);
    expect(sumOf(hexes, `${status}_b`), `${status} before`).toBe(before.status[status]!.locations);
    expect(sumOf(hexes, `${status}_units_b`), `${status} units before`).toBe(
      before.status[status]!.units,
    );
    if (status === 'notinrelease' || status === 'notbsl') continue;
    expect(sumOf(hexes, `net_${status}`), `net ${status}`).toBe(
      after.status[status]!.locations - before.status[status]!.locations,
    );
  }
  expect(sumOf(hexes, 'net_locations')).toBe(after.locationcount - before.locationcount);
});

test('Cancel stops the list: no file is offered, the panel says so, and it can start again', async ({
  page,
}) => {
  const panel = await townRectangle(page, false);
  await expect(panel.region.getByTestId('report:total')).toBeVisible({ timeout: 60_000 });
  // Bulk answers are held, so the list is still under way when Cancel is pressed.
  await page.route(/\/bulk/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue().catch(() => {});
  });
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  const start = panel.region.getByRole('button', { name: 'Download location list (CSV)' });
  await start.click();
  const bar = panel.region.getByRole('progressbar', { name: 'Locations listed' });
  await expect(bar).toBeVisible();
  await expect(start).toBeDisabled();
  await panel.region.getByRole('button', { name: 'Cancel' }).click();
  await expect(bar).toBeHidden();
  await expect(panel.region.getByText('Cancelled: no file was saved.')).toBeVisible();
  await expect(start).toBeEnabled();
  // Past every held answer: nothing arrives late as a file.
  await page.waitForTimeout(4000);
  expect(downloads).toBe(0);
});
