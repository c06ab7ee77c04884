// The location workflow in the browser: a click locates, the panel shows what the service
// answers, search and links select, a retired location leads on, failures recover with Retry.
// Every place clicked is chosen from the demo fabric in Node (support/demo-points.ts).
import type { APIRequestContext, Page } from '@playwright/test';
import { loadDemoPoints, type DemoPoint, type DemoPoints } from './support/demo-points';
import { expect, test } from './support/fixtures';
import { LocationPanelDriver } from './support/location-driver';
import {
  factLines,
  matchLine,
  placeLine,
  providerRow,
  residentialOffers,
  residentialStatus,
  type ApiFixedOffer,
  type ApiLocation,
} from './support/location-expect';
import { MapDriver } from './support/map-driver';
import { expectInVisibleMiddle, expectVisibleMiddle } from './support/map-room';
import { MobileLayerDriver } from './support/mobile-layer';
import { monthYear } from './support/planner-text';
import { apiGet, fabricVintages } from './support/service-api';

// The camera's flights and eases to a location, and where they leave it, are part of what this
// spec checks: it asks for motion (playwright.config.ts asks for less).
test.use({ reducedMotion: 'no-preference' });

const CLICK_ZOOM = 18;
let demo: Promise<DemoPoints> | undefined;
const points = () => (demo ??= loadDemoPoints());

const panel = (page: Page) => new LocationPanelDriver(page);

async function openAt(page: Page, p: { lng: number; lat: number }, zoom = CLICK_ZOOM) {
  const map = new MapDriver(page);
  await page.goto(`/#map=${zoom}/${p.lat}/${p.lng}`);
  await map.waitForIdle();
  return map;
}

/**
 * Presses Enter on the focused map and checks it acted (its /locate request) on the point under
 * the keyboard cross, and that the cross is in the middle of the part of the map no card or
 * panel covers. The cross is read before: what Enter selects may open the panel and move it.
 */
async function enterUnderCross(page: Page, map: MapDriver): Promise<URL> {
  const box = (await map.keyboardCross.boundingBox())!;
  const cross = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const middle = await expectVisibleMiddle(page, map);
  expect(Math.abs(cross.x - middle.x), 'the cross across from the visible middle').toBeLessThan(2);
  expect(Math.abs(cross.y - middle.y), 'the cross up or down from it').toBeLessThan(2);
  const asked = page.waitForRequest(/\/locate\?/);
  await page.keyboard.press('Enter');
  const url = new URL((await asked).url());
  const acted = await map.project(
    Number(url.searchParams.get('longitude')),
    Number(url.searchParams.get('latitude')),
  );
  expect(Math.abs(acted.x - cross.x), 'Enter acted across from the cross').toBeLessThan(2);
  expect(Math.abs(acted.y - cross.y), 'Enter acted up or down from the cross').toBeLessThan(2);
  return url;
}

/** The panel shows this location_id among its identifiers. */
const expectLocationId = (page: Page, id: number) => panel(page).expectShown(id);

async function apiLocation(request: APIRequestContext, vintage: string, id: number) {
  const [record] = await apiGet<ApiLocation[]>(
    request,
    `/fabric/${vintage}/data/locations?location_id=${id}`,
  );
  expect(record, `location ${id} in ${vintage}`).toBeDefined();
  return record!;
}

const fixedOffers = (request: APIRequestContext, id: number, coverageVintage: string) =>
  apiGet<ApiFixedOffer[]>(
    request,
    `/coverage/bdcfixed?location_id=${id}&vintage=${coverageVintage}`,
  );

test.describe('location workflow', () => {
  test.beforeAll(async () => {
    await points();
  });

  test('a click on a location opens its panel with the address, ids, BEAD status, providers and history the API returns', async ({
    page,
    request,
  }) => {
    // First seen after the first vintage, with residential offers: every part has content.
    const { newcomer: p, vintage, coverageVintage } = await points();
    const map = await openAt(page, p);
    // A click on its dot asks for the panel's parts beside the locate, not after its answer.
    const sent: string[] = [];
    const part = /\/(data\/locations|translate|history|bdcfixed)\?/;
    const ofLocation = new RegExp(`id=${p.locationId}(&|$)`);
    page.on('request', (r) => {
      const asked = part.exec(r.url())?.[1];
      if (asked && ofLocation.test(r.url())) sent.push(asked);
    });
    const beforeLocate = page
      .waitForResponse((r) => /\/locate\?/.test(r.url()))
      .then(() => sent.toSorted());
    await map.clickAt(p.lng, p.lat);
    const shown = panel(page);
    await shown.expectShown(p.locationId);
    expect(await beforeLocate).toEqual(['bdcfixed', 'data/locations', 'history', 'translate']);

    const record = await apiLocation(request, vintage, p.locationId);
    await expect(shown.address).toHaveText(record.address_primary);
    await expect(shown.place).toHaveText(placeLine(record));
    await expect(shown.facts).toHaveText(factLines(record));
    const [ids] = await apiGet<{ uuid: string }[]>(
      request,
      `/fabricext/${vintage}/translate?src=location_id&dest=uuid&id=${p.locationId}`,
    );
    await expect(shown.identifier('UUID')).toHaveText(new RegExp(`^${ids!.uuid}`));

    const offers = await fixedOffers(request, p.locationId, coverageVintage);
    const rows = residentialOffers(offers).map(providerRow);
    expect(rows.length, 'residential offers at the location').toBeGreaterThan(0);
    await expect(shown.coverageAsOf).toHaveText(
      `Coverage data as of ${monthYear(coverageVintage)}`,
    );
    await expect(shown.beadStatus).toHaveText(residentialStatus(offers));
    await expect.poll(() => shown.providers()).toEqual(rows);

    // Releases before its first one show it absent; the newest, selected, is current.
    const vintages = await fabricVintages(request);
    const steps = vintages.map((v) => ({
      text: `${monthYear(v)}: ${v >= p.firstVintage ? 'in the fabric' : 'not in the fabric'}`,
      current: v === vintage,
    }));
    expect(steps.some((step) => step.text.endsWith(': not in the fabric'))).toBe(true);
    await expect.poll(() => shown.historySteps()).toEqual(steps);
    // The URL names the selection, replacing the entry rather than adding one per click.
    await expect(page).toHaveURL(new RegExp(`[?&]loc=${p.locationId}(&|#|$)`));
  });

  for (const type of ['FootprintParcel', 'Footprint', 'Parcel', 'Nearest'] as const) {
    test(`a click reaches a ${type} match and says so in plain words`, async ({ page }) => {
      const p: DemoPoint = (await points()).points[type];
      const map = await openAt(page, p);
      const answer = page.waitForResponse(/\/locate\?/);
      await map.clickAt(p.lng, p.lat);
      // The click lands on a whole pixel: the distance is the one the service answered.
      const [found] = (await (await answer).json()) as { matchtype: string; distancem: number }[];
      expect(found?.matchtype).toBe(type);
      await expectLocationId(page, p.locationId);
      await expect(panel(page).match).toHaveText(matchLine(type, found!.distancem));
    });
  }

  test('from the keyboard, Enter on the focused map locates the point under the cross', async ({
    page,
  }) => {
    const p = (await points()).points.FootprintParcel;
    const map = await openAt(page, p);
    const canvas = map.region;
    const keys = page.getByText('Enter inspects the point under the cross');
    await expect(keys).toBeHidden();
    await page.keyboard.press('Shift'); // a keyboard user: focus shows as :focus-visible
    await canvas.focus();
    await expect(keys).toBeVisible();
    await expect(canvas).toHaveAccessibleDescription(/Enter inspects the point under the cross/);

    await page.keyboard.press('Enter');
    await expectLocationId(page, p.locationId);

    // Arrow keys pan the map (MapLibre's own keys); Enter then locates the new centre.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await map.waitForIdle();
    const centre = await map.view();
    expect(centre.lng).toBeGreaterThan(p.lng);
    // It acts under the cross, which is in the middle of the part of the map the cards leave.
    const url = await enterUnderCross(page, map);
    expect(Number(url.searchParams.get('longitude'))).toBeCloseTo(centre.lng, 6);
    expect(Number(url.searchParams.get('latitude'))).toBeCloseTo(centre.lat, 6);

    // A mouse user sees no cross: a click focuses the map without :focus-visible.
    await canvas.evaluate((el) => (el as HTMLElement).blur());
    await map.clickAt(p.lng, p.lat);
    await expect(canvas).toBeFocused();
    await expect(keys).toBeHidden();
  });

  test('at county zoom a click zooms in on the place; over mobile hexagons a click on a location opens it', async ({
    page,
    request,
  }) => {
    const { newcomer: p, vintage } = await points();
    const map = await openAt(page, p, 10);
    const locates: string[] = [];
    page.on('request', (r) => void (/\/locate\?/.test(r.url()) && locates.push(r.url())));
    await map.clickAt(p.lng, p.lat);
    await expect.poll(async () => (await map.view()).zoom).toBeCloseTo(16, 1);
    await map.waitForIdle();
    const view = await map.view();
    // Centred where clicked, give or take the panel's padding.
    expect(view.lng).toBeCloseTo(p.lng, 2);
    expect(view.lat).toBeCloseTo(p.lat, 2);
    expect(locates, 'a click at county zoom asks for no location').toEqual([]);
    await expect(page.getByText(/No fabric location within/)).toHaveCount(0);

    // With mobile hexagons drawn under the dots, the dot pointed at is what opens.
    await new MobileLayerDriver(page, map).turnOn();
    await new MobileLayerDriver(page, map).waitForCells();
    const record = await apiLocation(request, vintage, p.locationId);
    await map.clickAt(record.longitude, record.latitude);
    await expectLocationId(page, p.locationId);
    await expect(page.getByRole('region', { name: 'Hexagon' })).toHaveCount(0);
  });

  test('the address search selects a location and flies to it', async ({ page, request }) => {
    const { search, vintage } = await points();
    const record = await apiLocation(request, vintage, search.locationId);
    const map = new MapDriver(page);
    await page.goto('/');
    await map.waitForMap();
    await page.keyboard.press('/');
    const box = page.getByRole('combobox', { name: 'Search address' });
    await expect(box).toBeFocused();
    await box.fill(search.text);
    const options = page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
    await expect(options.first()).toContainText('% match');
    expect(await options.count()).toBeLessThanOrEqual(10);
    await box.press('Enter');
    await expectLocationId(page, search.locationId);
    await expect(page).toHaveURL(new RegExp(`[?&]loc=${search.locationId}(&|#|$)`));
    // The map lands on it at street zoom, in the middle of the part of the map no card covers.
    await expect(panel(page).address).toHaveText(record.address_primary);
    await map.waitForIdle();
    expect((await map.view()).zoom).toBeGreaterThanOrEqual(16);
    await expectInVisibleMiddle(page, map, { lng: record.longitude, lat: record.latitude });
    // Esc outside the box clears the selection.
    await box.blur();
    await page.keyboard.press('Escape');
    await expect(panel(page).region).toHaveCount(0);
  });

  test('a pasted location_id selects that location', async ({ page }) => {
    const { points: at } = await points();
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search address' });
    await box.focus();
    await page.evaluate((text) => {
      const input = document.activeElement as HTMLInputElement;
      const data = new DataTransfer();
      data.setData('text/plain', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, String(at.Parcel.locationId));
    await box.fill(String(at.Parcel.locationId));
    await expectLocationId(page, at.Parcel.locationId);
  });

  test('a deep link restores the location and its vintages', async ({ page, request }) => {
    const { points: at, vintage, coverageVintage } = await points();
    const id = at.Footprint.locationId;
    await page.goto(`/?loc=${id}&v=${vintage}&cv=${coverageVintage}`);
    await expectLocationId(page, id);
    const record = await apiLocation(request, vintage, id);
    await expect(panel(page).address).toHaveText(record.address_primary);
    await expect(page).toHaveURL(new RegExp(`v=${vintage}`));
  });

  test('on a 768 px screen a deep link opens the panel, and the providers table fits it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    const { points: at } = await points();
    await page.goto(`/?loc=${at.FootprintParcel.locationId}`);
    await expectLocationId(page, at.FootprintParcel.locationId);
    const table = panel(page).providersTable;
    await expect(table).toBeVisible();
    const [tableBox, panelBox] = [
      await table.boundingBox(),
      await panel(page).region.boundingBox(),
    ];
    expect(tableBox!.x + tableBox!.width).toBeLessThanOrEqual(panelBox!.x + panelBox!.width);
  });

  test('on a 768 px screen the selection shows beside the floating panel, and stays put', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    const { points: at, vintage } = await points();
    const id = at.FootprintParcel.locationId;
    const record = await apiLocation(request, vintage, id);
    const map = new MapDriver(page);
    const marker = () => map.project(record.longitude, record.latitude);

    // The flight starts when the record (the address) arrives; the id shows before it.
    const landed = async () => {
      await expectLocationId(page, id);
      await expect(panel(page).address).toHaveText(record.address_primary);
      await map.waitForIdle();
    };
    await page.goto(`/?loc=${id}`);
    await landed();
    // The link flies to the location and centres it in the part of the map the panel leaves.
    await expectInVisibleMiddle(page, map, { lng: record.longitude, lat: record.latitude });
    const panelLeft = (await panel(page).region.boundingBox())!.x;
    const shown = await marker();
    // The zoom buttons move out from under the panel too.
    const zoomIn = (await page.getByRole('button', { name: 'Zoom in' }).boundingBox())!;
    expect(zoomIn.x + zoomIn.width).toBeLessThanOrEqual(panelLeft);

    // A reload shows the same view (the centre is the visible part's, in and out of the URL).
    const hash = await page.evaluate(() => location.hash);
    await page.reload();
    await landed();
    expect(await page.evaluate(() => location.hash)).toBe(hash);
    expect(Math.abs((await marker()).x - shown.x)).toBeLessThan(2);

    // Hiding and showing the panel leaves the map's content where it is on screen: the map does
    // not jump, and the selection stays beside the panel.
    const stays = async () => {
      await map.waitForIdle();
      const now = await marker();
      expect(Math.abs(now.x - shown.x), 'the selection moved across').toBeLessThan(2);
      expect(Math.abs(now.y - shown.y), 'the selection moved up or down').toBeLessThan(2);
      expect(await map.coveredAt(record.longitude, record.latitude)).toBeNull();
    };
    await page.getByRole('button', { name: 'Hide panel' }).click();
    await stays();
    await page.getByRole('button', { name: 'Show panel' }).click();
    await stays();

    // With the panel hidden more of the map is visible: Enter acts under the cross, now in the
    // middle of the part the cards leave.
    await page.getByRole('button', { name: 'Hide panel' }).click();
    await page.keyboard.press('Shift');
    await map.region.focus();
    await map.waitForIdle();
    await enterUnderCross(page, map);
  });

  test('a retired location is marked and leads to its current equivalent', async ({ page }) => {
    const { retired, vintage } = await points();
    await page.goto(`/?loc=${retired.locationId}&v=${vintage}`);
    await expect(panel(page).region.getByText('Retired', { exact: true })).toBeVisible();
    await panel(page).region.getByRole('button', { name: 'Go to current equivalent' }).click();
    await expectLocationId(page, retired.reLocationId);
    await expect(page).toHaveURL(new RegExp(`[?&]loc=${retired.reLocationId}(&|#|$)`));
  });

  test('when the service fails, the part shows an error and Retry recovers', async ({
    page,
    pageGuard,
    request,
  }) => {
    const { points: at, vintage, coverageVintage } = await points();
    const id = at.FootprintParcel.locationId;
    pageGuard.allowFailures('/api/coverage/bdcfixed');
    let failing = true;
    await page.route('**/api/coverage/bdcfixed**', (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'internal', message: 'The coverage store failed.' },
            }),
          })
        : route.fallback(),
    );
    await page.goto(`/?loc=${id}&v=${vintage}`);
    const alert = panel(page).region.getByRole('alert');
    await expect(alert).toContainText('Fixed broadband could not be loaded.');
    // The other parts are unaffected.
    const record = await apiLocation(request, vintage, id);
    await expect(panel(page).address).toHaveText(record.address_primary);
    failing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toHaveCount(0);
    const offers = await fixedOffers(request, id, coverageVintage);
    await expect(panel(page).beadStatus).toHaveText(residentialStatus(offers));
  });
});
