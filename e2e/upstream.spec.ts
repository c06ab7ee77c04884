// The same app against another service: an app server started with SERVICE_URL and
// SERVICE_TOKEN forwards /api to an upstream (here the reference service on its own loopback
// port, accepting only that token). With the default dialect it names the upstream host, draws
// no demo fabric tiles and locates through the proxy. In each strict dialect (the published
// guide's names only, or the seed's only) a planner's whole session works, so the app depends
// on neither set of names.
import type { Page } from '@playwright/test';
import type { FixedRecord } from '../shared/coverage-schemas';
import { fixedRowsFor } from '../src/features/location-panel/fixed-rows';
import { cellCentre, cellsInBounds } from '../src/lib/geo/h3';
import { vintageLabel } from '../src/lib/vintage';
import { LAYER } from '../src/map/ids';
import { areaPanel, drawRectangle } from './support/area-driver';
import { loadDemoPoints, type DemoPoints } from './support/demo-points';
import { loadDemoTown, type DemoTown } from './support/demo-town';
import { recordDialectAnswers } from './support/dialect-answers';
import { expect, test } from './support/fixtures';
import { expectLocationShown, identifier, locationPanel } from './support/location-driver';
import { MapDriver } from './support/map-driver';
import { turnMobileLayerOn, viewBounds, waitForMobileCells } from './support/mobile-layer';
import { startUpstreamPair, type UpstreamPair } from './support/upstream-pair';

const TOKEN = 'upstream-e2e-token';

let demo: DemoPoints;
let town: DemoTown;

test.beforeAll(async () => {
  [demo, town] = await Promise.all([loadDemoPoints(), loadDemoTown()]);
});

test.describe('default dialect', () => {
  let pair: UpstreamPair;
  test.beforeAll(async () => {
    pair = await startUpstreamPair(demo.store, { token: TOKEN });
  });
  test.afterAll(async () => pair?.close());

  test('with SERVICE_URL the app names the upstream, skips demo tiles and locates through it', async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const p = demo.points.FootprintParcel;
    const map = new MapDriver(page);
    await page.goto(`${pair.appUrl}/#map=18/${p.lat}/${p.lng}`);
    await map.waitForIdle();

    await expect(page.getByText(pair.upstreamHost, { exact: true })).toBeVisible();
    await expect(page.getByText(/Demo data/)).toHaveCount(0);
    // No demo fabric is drawn, so the attribution names only the Census boundaries.
    await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('US Census');
    await expect(page.locator('.maplibregl-ctrl-attrib')).not.toContainText('Demo fabric');
    // The pickers are filled from the upstream's vintages operations.
    await expect(page.getByRole('combobox', { name: 'Fabric vintage' })).toHaveValue(demo.vintage);

    await map.clickAt(p.lng, p.lat);
    await expectLocationShown(page, p.locationId);
    await expect(
      locationPanel(page).getByRole('table', { name: 'Fixed broadband providers' }),
    ).toBeVisible();

    expect(requests.some((path) => path.includes('/fabricext/') && path.endsWith('/locate'))).toBe(
      true,
    );
    expect(requests.filter((path) => path.includes('/tiles/'))).toEqual([]);
  });
});

for (const dialect of ['published', 'seed'] as const) {
  test.describe(`${dialect} dialect only`, () => {
    let pair: UpstreamPair;
    test.beforeAll(async () => {
      pair = await startUpstreamPair(demo.store, { token: TOKEN, dialect });
    });
    test.afterAll(async () => pair?.close());

    test(`a planner's session works against a service answering in the ${dialect} names`, async ({
      page,
    }, testInfo) => {
      // One page through every step: a software GPU makes each fresh map costly.
      test.setTimeout(180_000);
      const answers = recordDialectAnswers(page);
      const shot = async (name: string) => {
        const path = testInfo.outputPath(`${dialect}-${name}.png`);
        await page.screenshot({ path });
        await testInfo.attach(`${dialect}-${name}`, { path, contentType: 'image/png' });
      };
      const map = new MapDriver(page);
      const at = demo.newcomer;

      await test.step('the vintage pickers fill from the upstream', async () => {
        await page.goto(`${pair.appUrl}/#map=18/${at.lat}/${at.lng}`);
        await map.waitForIdle();
        await expect(page.getByText(pair.upstreamHost, { exact: true })).toBeVisible();
        const fabric = page.getByRole('combobox', { name: 'Fabric vintage' });
        await expect(fabric).toHaveValue(demo.vintage);
        await expect(fabric.getByRole('option')).toHaveCount(demo.store.fabricVintages().length);
        await expect(page.getByRole('combobox', { name: 'Coverage vintage' })).toHaveValue(
          demo.coverageVintage,
        );
      });

      await test.step('a click shows the address, ids, history and fixed providers', async () => {
        await map.clickAt(at.lng, at.lat);
        await expectPanelFor(page, at.locationId);
        // First seen after the first vintage: the timeline has releases without and with it.
        const steps = demo.store.fabricVintages().map(({ vintage }) => {
          const where = vintage >= at.firstVintage ? 'in the fabric' : 'not in the fabric';
          return `${vintageLabel(vintage, 'long')}: ${where}`;
        });
        const timeline = locationPanel(page).getByRole('list', { name: 'Fabric vintages' });
        await expect(timeline.getByRole('listitem')).toHaveText(steps);
        await expect(timeline.getByRole('listitem').last()).toHaveAttribute('aria-current', 'true');
        await timeline.scrollIntoViewIfNeeded();

        const records = (await pair.upstreamJson(
          `/coverage/bdcfixed?location_id=${at.locationId}&vintage=${demo.coverageVintage}`,
        )) as FixedRecord[];
        const offers = fixedRowsFor(records, 'residential');
        expect(offers.length, 'residential offers at the clicked location').toBeGreaterThan(0);
        const table = locationPanel(page).getByRole('table', { name: 'Fixed broadband providers' });
        const rows = table.getByRole('rowgroup').nth(1).getByRole('row');
        await expect(rows).toHaveCount(offers.length);
        for (const [i, offer] of offers.entries()) {
          await expect(rows.nth(i).getByRole('cell').first()).toContainText(offer.brand_name);
        }
        await shot('location');
      });

      await test.step('a retired location leads to its current equivalent', async () => {
        await page.goto(`${pair.appUrl}/?loc=${demo.retired.locationId}&v=${demo.vintage}`);
        const panel = locationPanel(page);
        await expect(panel.getByText('Retired', { exact: true })).toBeVisible();
        await panel.getByRole('button', { name: 'Go to current equivalent' }).click();
        await expectPanelFor(page, demo.retired.reLocationId);
      });

      await test.step('an address search selects the location and flies to it', async () => {
        const { search } = demo;
        await map.waitForIdle();
        await page.keyboard.press('/');
        const box = page.getByRole('combobox', { name: 'Search address' });
        await expect(box).toBeFocused();
        await box.fill(search.text);
        const options = page
          .getByRole('listbox', { name: 'Address suggestions' })
          .getByRole('option');
        await expect(options.first()).toContainText('% match');
        await box.press('Enter');
        const record = await expectPanelFor(page, search.locationId);
        await map.waitForIdle();
        expect((await map.view()).zoom).toBeGreaterThanOrEqual(16);
        const canvas = (await map.region.boundingBox())!;
        const shown = await map.project(record.longitude, record.latitude);
        expect(Math.abs(shown.x - (canvas.x + canvas.width / 2))).toBeLessThan(2);
        expect(Math.abs(shown.y - (canvas.y + canvas.height / 2))).toBeLessThan(2);
      });

      await test.step('the mobile layer paints hexagons; a hexagon shows its records', async () => {
        await page.goto(`${pair.appUrl}/#map=15/${town.lat}/${town.lng}`);
        await map.waitForIdle();
        await turnMobileLayerOn(page);
        await waitForMobileCells(page, map);
        await map.expectRendered(LAYER.mobileFill, 50);
        const { cell, records } = await servedCellNearCentre(page, map);
        const centre = cellCentre(cell);
        await map.clickAt(centre.lng, centre.lat);
        const panel = page.getByRole('region', { name: 'Hexagon' });
        await expect(panel.getByTestId('hex-id')).toHaveText(cell);
        const rows = panel
          .getByRole('region', { name: 'Coverage records table, scrollable' })
          .getByRole('rowgroup')
          .nth(1)
          .getByRole('row');
        await expect(rows).toHaveCount(records.length);
        const carriers = [...new Set(records.map((r) => r.brandname))].sort();
        const shownCarriers = await rows.evaluateAll((trs) =>
          trs.map((tr) => (tr as HTMLTableRowElement).cells[0]?.textContent ?? ''),
        );
        expect([...new Set(shownCarriers)].sort()).toEqual(carriers);
      });

      await test.step('a drawn area gets its summary', async () => {
        await page.goto(`${pair.appUrl}/#map=14/${town.lat}/${town.lng}`);
        await map.waitForIdle();
        await page.getByRole('button', { name: 'Draw area' }).click();
        const panel = areaPanel(page);
        await expect(panel).toBeVisible();
        await drawRectangle(page, map);
        const geometry = await page.evaluate(() => {
          const key = Object.keys(localStorage).find((k) =>
            k.startsWith('coverage-explorer:area:'),
          );
          return key ? (JSON.parse(localStorage.getItem(key)!) as { geometry: unknown }) : null;
        });
        expect(geometry, 'the drawn area in storage').not.toBeNull();
        const expected = (await pair.upstreamJson(
          `/fabricext/${demo.vintage}/summarize?field=building_type_code`,
          geometry!.geometry,
        )) as { locationcount: number; data: unknown[] };
        expect(expected.locationcount).toBeGreaterThan(0);
        const count = new Intl.NumberFormat('en-US').format(expected.locationcount);
        await expect(panel.getByTestId('area-total')).toHaveText(count);
        const table = panel.getByRole('region', { name: 'Summary rows, scrollable' });
        await expect(table.getByRole('table')).toContainText(
          `${expected.data.length} rows, ${count} locations`,
        );
        await shot('area');
        // The picker lists the fields the upstream's fields operation described.
        await panel.getByText('Fields to summarize').click();
        await expect(panel.getByRole('checkbox', { name: /building_type_code/ })).toBeChecked();
        await expect(panel.getByRole('checkbox', { name: /unit_count/ })).not.toBeChecked();
      });

      await test.step(`every vintages, history and fields answer had the ${dialect} names only`, () =>
        answers.expectDialect(dialect));
    });
  });
}

/** The panel shows the location's id, uuid and address as the upstream has them. */
async function expectPanelFor(page: Page, locationId: number) {
  const [record] = demo.store.locationData(demo.vintage, { location_id: locationId });
  const [ids] = demo.store.translate(demo.vintage, 'location_id', 'uuid', String(locationId));
  expect(record, `location ${locationId} in ${demo.vintage}`).toBeDefined();
  await expectLocationShown(page, locationId);
  const panel = locationPanel(page);
  await expect(panel.getByRole('heading', { name: record!.address_primary })).toBeVisible();
  await expect(panel).toContainText(`${record!.city}, ${record!.state} ${record!.zip}`);
  await expect(identifier(page, 'UUID')).toContainText(ids!.uuid);
  return record!;
}

/** A cell in view with more than one record, nearest the view's centre, and its records. */
async function servedCellNearCentre(page: Page, map: MapDriver) {
  const cells = cellsInBounds(await viewBounds(page));
  const records = demo.store.mobileCoverage(demo.coverageVintage, cells);
  const centre = await map.view();
  const byCell = new Map<string, typeof records>();
  for (const r of records) byCell.set(r.h3_res9_id, [...(byCell.get(r.h3_res9_id) ?? []), r]);
  const [cell] = [...byCell.keys()]
    .filter((c) => byCell.get(c)!.length > 1)
    .map((c) => ({
      c,
      d: Math.hypot(cellCentre(c).lng - centre.lng, cellCentre(c).lat - centre.lat),
    }))
    .sort((a, b) => a.d - b.d);
  expect(cell, 'a cell with records in view').toBeDefined();
  return { cell: cell!.c, records: byCell.get(cell!.c)! };
}
