// The same app against another service: an app server started with SERVICE_URL and
// SERVICE_TOKEN forwards /api to an upstream (here the reference service on its own loopback
// port, accepting only that token). With the default dialect it names the upstream host, draws
// no demo fabric tiles and locates through the proxy. In each strict dialect (the published
// guide's names only, or the seed's only) a planner's whole session works, so the app depends
// on neither set of names.
import type { Page } from '@playwright/test';
import { AreaPanelDriver } from './support/area-driver';
import { loadDemoPoints, type DemoPoints } from './support/demo-points';
import { loadDemoTown, type DemoTown } from './support/demo-town';
import { recordDialectAnswers } from './support/dialect-answers';
import { expect, test } from './support/fixtures';
import { cellCentre, cellsInView, clickCell } from './support/h3-view';
import { LocationPanelDriver } from './support/location-driver';
import {
  placeLine,
  providerRow,
  residentialOffers,
  type ApiFixedOffer,
} from './support/location-expect';
import { MapDriver } from './support/map-driver';
import { MAP_LAYER } from './support/map-layers';
import { expectInVisibleMiddle } from './support/map-room';
import { hexRowText } from './support/mobile-expect';
import { HexPanelDriver, MobileLayerDriver } from './support/mobile-layer';
import { grouped, monthYear } from './support/planner-text';
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
    // The start panel names the same source, from /api/health's capabilities.
    await expect(page.getByTestId('intro:source')).toHaveText(
      `Data: Service at ${pair.upstreamHost}.`,
    );
    // No demo fabric is drawn, so the attribution names only the Census boundaries.
    await expect(map.attribution).toContainText('Boundaries: US Census');
    await expect(map.attribution).not.toContainText('Demo fabric');
    // The pickers are filled from the upstream's vintages operations.
    await expect(page.getByRole('combobox', { name: 'Fabric vintage' })).toHaveValue(demo.vintage);

    await map.clickAt(p.lng, p.lat);
    const panel = new LocationPanelDriver(page);
    await panel.expectShown(p.locationId);
    await expect(panel.providersTable).toBeVisible();

    expect(requests.some((path) => path.includes('/fabricext/') && path.endsWith('/locate'))).toBe(
      true,
    );
    // No fabric tiles are asked for; the Census boundaries are the app server's own tiles.
    const fabricTiles = requests.filter(
      (path) => path.includes('/tiles/') && !path.startsWith('/boundaries/'),
    );
    expect(fabricTiles).toEqual([]);
    expect(requests.some((path) => path.startsWith('/boundaries/tiles/'))).toBe(true);
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
      const location = new LocationPanelDriver(page);
      const at = demo.newcomer;

      await test.step('the vintage pickers fill from the upstream', async () => {
        await page.goto(`${pair.appUrl}/#map=18/${at.lat}/${at.lng}`);
        await map.waitForIdle();
        await expect(page.getByText(pair.upstreamHost, { exact: true })).toBeVisible();
        const fabric = page.getByRole('combobox', { name: 'Fabric vintage' });
        await expect(fabric).toHaveValue(demo.vintage);
        const vintages = await demo.store.fabricVintages();
        await expect(fabric.getByRole('option')).toHaveCount(vintages.length);
        await expect(page.getByRole('combobox', { name: 'Coverage vintage' })).toHaveValue(
          demo.coverageVintage,
        );
      });

      await test.step('a click shows the address, ids, history and fixed providers', async () => {
        await map.clickAt(at.lng, at.lat);
        await expectPanelFor(page, at.locationId);
        // First seen after the first vintage: the timeline has releases without and with it.
        const steps = (await demo.store.fabricVintages()).map(({ vintage }) => ({
          text: `${monthYear(vintage)}: ${vintage >= at.firstVintage ? 'in' : 'not in'} the fabric`,
          current: vintage === demo.vintage,
        }));
        await expect.poll(() => location.historySteps()).toEqual(steps);
        await location.timeline.scrollIntoViewIfNeeded();

        const records = (await pair.upstreamJson(
          `/coverage/bdcfixed?location_id=${at.locationId}&vintage=${demo.coverageVintage}`,
        )) as ApiFixedOffer[];
        const rows = residentialOffers(records).map(providerRow);
        expect(rows.length, 'residential offers at the clicked location').toBeGreaterThan(0);
        await expect.poll(() => location.providers()).toEqual(rows);
        await shot('location');
      });

      await test.step('a retired location leads to its current equivalent', async () => {
        await page.goto(`${pair.appUrl}/?loc=${demo.retired.locationId}&v=${demo.vintage}`);
        await expect(location.region.getByText('Retired', { exact: true })).toBeVisible();
        await location.region.getByRole('button', { name: 'Go to current equivalent' }).click();
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
        await expectInVisibleMiddle(page, map, { lng: record.longitude, lat: record.latitude });
      });

      await test.step('the mobile layer paints hexagons; a hexagon shows its records', async () => {
        await page.goto(`${pair.appUrl}/#map=15/${town.lat}/${town.lng}`);
        await map.waitForIdle();
        const mobile = new MobileLayerDriver(page, map);
        await mobile.turnOn();
        await mobile.waitForCells();
        // The view is full of the town's hexagons: some thirty at this zoom, a few drawn in
        // pieces from two tiles (how many pieces depends on where the view's edges fall).
        await map.expectRendered(MAP_LAYER.mobileFill, 30);
        const { cell, records } = await servedCellNearCentre(map);
        await clickCell(map, cell);
        const panel = new HexPanelDriver(page);
        await expect(panel.cell).toHaveText(cell);
        await expect(panel.recordRows).toHaveCount(records.length);
        expect((await panel.records()).sort()).toEqual(records.map(hexRowText).sort());
      });

      await test.step('a drawn area gets its summary', async () => {
        await page.goto(`${pair.appUrl}/#map=14/${town.lat}/${town.lng}`);
        await map.waitForIdle();
        const panel = new AreaPanelDriver(page, map);
        await panel.open();
        await panel.showCustomSummary();
        await panel.drawRectangle();
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
        const count = grouped(expected.locationcount);
        await expect(panel.total).toHaveText(count);
        await expect(panel.table).toContainText(`${expected.data.length} rows, ${count} locations`);
        await shot('area');
        // The picker lists the fields the upstream's fields operation described.
        await panel.fieldPicker.click();
        await expect(panel.field('building_type_code')).toBeChecked();
        await expect(panel.field('unit_count')).not.toBeChecked();
      });

      await test.step(`every vintages, history and fields answer had the ${dialect} names only`, () =>
        answers.expectDialect(dialect));
    });
  });
}

/** The panel shows the location's id, uuid and address as the upstream has them. */
async function expectPanelFor(page: Page, locationId: number) {
  const [record] = await demo.store.locationData(demo.vintage, { location_id: locationId });
  const [ids] = await demo.store.translate(demo.vintage, 'location_id', 'uuid', String(locationId));
  expect(record, `location ${locationId} in ${demo.vintage}`).toBeDefined();
  const panel = new LocationPanelDriver(page);
  await panel.expectShown(locationId);
  await expect(panel.address).toHaveText(record!.address_primary);
  await expect(panel.place).toHaveText(placeLine(record!));
  await expect(panel.identifier('UUID')).toContainText(ids!.uuid);
  return record!;
}

/** A cell in view with more than one record, nearest the view's centre, and its records. */
async function servedCellNearCentre(map: MapDriver) {
  const cells = cellsInView(await map.bounds());
  const records = await demo.store.mobileCoverage(demo.coverageVintage, cells);
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
