// The location workflow in the browser: a click locates, the panel shows what the service
// answers, search and links select, a retired location leads on, failures recover with Retry.
// Every place clicked is chosen from the demo fabric in Node (support/demo-points.ts).
import type { Page } from '@playwright/test';
import { describeMatch } from '../src/features/location-panel/location-words';
import { fixedRowsFor } from '../src/features/location-panel/fixed-rows';
import type { FixedRecord } from '../shared/coverage-schemas';
import {
  TIMING_CLICKS,
  loadDemoPoints,
  type DemoPoint,
  type DemoPoints,
} from './support/demo-points';
import { expect, test } from './support/fixtures';
import { MapDriver } from './support/map-driver';

const CLICK_ZOOM = 18;
let demo: Promise<DemoPoints> | undefined;
const points = () => (demo ??= loadDemoPoints());

function panel(page: Page) {
  return page.getByRole('region', { name: 'Location' });
}

async function openAt(page: Page, p: { lng: number; lat: number }, zoom = CLICK_ZOOM) {
  const map = new MapDriver(page);
  await page.goto(`/#map=${zoom}/${p.lat}/${p.lng}`);
  await map.waitForIdle();
  return map;
}

/** The panel shows this location_id among its identifiers. */
async function expectLocationId(page: Page, id: number) {
  await expect(panel(page).locator('.lp-ids code').first()).toHaveText(String(id));
}

test.describe('location workflow', () => {
  test.beforeAll(async () => {
    await points();
  });

  test('a click on a location opens its panel with the id, address and providers the API returns', async ({
    page,
    request,
  }) => {
    const { points: at, vintage, coverageVintage } = await points();
    const p = at.FootprintParcel;
    const map = await openAt(page, p);
    await map.clickAt(p.lng, p.lat);

    await expectLocationId(page, p.locationId);
    const data = await request.get(
      `/api/fabric/${vintage}/data/locations?location_id=${p.locationId}`,
    );
    const [record] = (await data.json()) as { address_primary: string; city: string }[];
    await expect(panel(page).getByRole('heading', { name: record.address_primary })).toBeVisible();
    await expect(panel(page)).toContainText(record.city);

    const coverage = await request.get(
      `/api/coverage/bdcfixed?location_id=${p.locationId}&vintage=${coverageVintage}`,
    );
    const records = (await coverage.json()) as FixedRecord[];
    const expected = fixedRowsFor(records, 'residential').map((r) => r.brand_name);
    await expect(panel(page)).toContainText(/Coverage data as of \w+ \d{4}/);
    if (expected.length > 0) {
      const brands = panel(page)
        .getByRole('table', { name: 'Fixed broadband providers' })
        .locator('.lp-brand');
      await expect(brands).toHaveText(expected);
    } else {
      await expect(panel(page)).toContainText('No residential fixed broadband offers');
    }
    // The URL names the selection, replacing the entry rather than adding one per click.
    await expect(page).toHaveURL(new RegExp(`[?&]loc=${p.locationId}(&|#|$)`));
  });

  for (const type of ['FootprintParcel', 'Footprint', 'Parcel', 'Nearest'] as const) {
    test(`a click reaches a ${type} match and says so in plain words`, async ({ page }) => {
      const p: DemoPoint = (await points()).points[type];
      const map = await openAt(page, p);
      await map.clickAt(p.lng, p.lat);
      await expectLocationId(page, p.locationId);
      const words = describeMatch(p.matchtype, p.distancem).split(',')[0];
      await expect(page.getByTestId('match-quality')).toContainText(`${words}, `);
      await expect(page.getByTestId('match-quality')).toContainText(/\d+ m|under 1 m/);
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
    const asked = page.waitForRequest(/\/locate\?/);
    await page.keyboard.press('Enter');
    const url = new URL((await asked).url());
    expect(Number(url.searchParams.get('longitude'))).toBeCloseTo(centre.lng, 6);
    expect(Number(url.searchParams.get('latitude'))).toBeCloseTo(centre.lat, 6);

    // A mouse user sees no cross: a click focuses the map without :focus-visible.
    await canvas.evaluate((el) => (el as HTMLElement).blur());
    await map.clickAt(p.lng, p.lat);
    await expect(canvas).toBeFocused();
    await expect(keys).toBeHidden();
  });

  test('the address search selects a location and flies to it', async ({ page, request }) => {
    const { search, vintage } = await points();
    const data = await request.get(
      `/api/fabric/${vintage}/data/locations?location_id=${search.locationId}`,
    );
    const [record] = (await data.json()) as { longitude: number; latitude: number }[];
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
    // The map lands on it at street zoom, in the middle of the map.
    await expect(panel(page).locator('.lp-address')).toBeVisible();
    await map.waitForIdle();
    expect((await map.view()).zoom).toBeGreaterThanOrEqual(16);
    const canvas = (await map.region.boundingBox())!;
    const shown = await map.project(record!.longitude, record!.latitude);
    expect(Math.abs(shown.x - (canvas.x + canvas.width / 2))).toBeLessThan(2);
    expect(Math.abs(shown.y - (canvas.y + canvas.height / 2))).toBeLessThan(2);
    // Esc outside the box clears the selection.
    await box.blur();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
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

  test('a deep link restores the location and its vintages', async ({ page }) => {
    const { points: at, vintage, coverageVintage } = await points();
    const id = at.Footprint.locationId;
    await page.goto(`/?loc=${id}&v=${vintage}&cv=${coverageVintage}`);
    await expectLocationId(page, id);
    await expect(panel(page).getByRole('heading', { level: 2 })).not.toBeEmpty();
    await expect(page).toHaveURL(new RegExp(`v=${vintage}`));
  });

  test('on a 768 px screen a deep link opens the panel, and the providers table fits it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    const { points: at } = await points();
    await page.goto(`/?loc=${at.FootprintParcel.locationId}`);
    await expectLocationId(page, at.FootprintParcel.locationId);
    const table = panel(page).getByRole('table', { name: 'Fixed broadband providers' });
    await expect(table).toBeVisible();
    const [tableBox, panelBox] = [await table.boundingBox(), await panel(page).boundingBox()];
    expect(tableBox!.x + tableBox!.width).toBeLessThanOrEqual(panelBox!.x + panelBox!.width);
  });

  test('on a 768 px screen the selection shows beside the floating panel, and stays put', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    const { points: at, vintage } = await points();
    const id = at.FootprintParcel.locationId;
    const data = await request.get(`/api/fabric/${vintage}/data/locations?location_id=${id}`);
    const [record] = (await data.json()) as { longitude: number; latitude: number }[];
    const map = new MapDriver(page);
    const marker = () => map.project(record!.longitude, record!.latitude);

    // The flight starts when the record (the address) arrives; the id shows before it.
    const landed = async () => {
      await expectLocationId(page, id);
      await expect(panel(page).locator('.lp-address')).toBeVisible();
      await map.waitForIdle();
    };
    await page.goto(`/?loc=${id}`);
    await landed();
    // The link flies to the location and centres it in the part of the map the panel leaves.
    const panelLeft = (await panel(page).boundingBox())!.x;
    const shown = await marker();
    expect(Math.abs(shown.x - panelLeft / 2)).toBeLessThan(2);
    // The zoom buttons move out from under the panel too.
    const zoomIn = (await page.getByRole('button', { name: 'Zoom in' }).boundingBox())!;
    expect(zoomIn.x + zoomIn.width).toBeLessThanOrEqual(panelLeft);

    // A reload shows the same view (the centre is the visible part's, in and out of the URL).
    const hash = await page.evaluate(() => location.hash);
    await page.reload();
    await landed();
    expect(await page.evaluate(() => location.hash)).toBe(hash);
    expect(Math.abs((await marker()).x - shown.x)).toBeLessThan(2);

    // Hiding and showing the panel leaves the map's content where it is on screen.
    await page.getByRole('button', { name: 'Hide panel' }).click();
    await map.waitForIdle();
    expect(Math.abs((await marker()).x - shown.x)).toBeLessThan(2);
    await page.getByRole('button', { name: 'Show panel' }).click();
    await map.waitForIdle();
    expect(Math.abs((await marker()).x - shown.x)).toBeLessThan(2);

    // With the panel hidden the whole map is visible: Enter acts under the cross, now in its
    // middle, which is the map's centre.
    await page.getByRole('button', { name: 'Hide panel' }).click();
    await page.keyboard.press('Shift');
    await map.region.focus();
    const cross = (await page.locator('.map-view__cross').boundingBox())!;
    const asked = page.waitForRequest(/\/locate\?/);
    await page.keyboard.press('Enter');
    const url = new URL((await asked).url());
    const acted = await map.project(
      Number(url.searchParams.get('longitude')),
      Number(url.searchParams.get('latitude')),
    );
    expect(Math.abs(acted.x - (cross.x + cross.width / 2))).toBeLessThan(2);
    expect(Math.abs(acted.y - (cross.y + cross.height / 2))).toBeLessThan(2);
  });

  test('a retired location is marked and leads to its current equivalent', async ({ page }) => {
    const { retired, vintage } = await points();
    await page.goto(`/?loc=${retired.locationId}&v=${vintage}`);
    await expect(panel(page).getByText('Retired', { exact: true })).toBeVisible();
    await panel(page).getByRole('button', { name: 'Go to current equivalent' }).click();
    await expectLocationId(page, retired.reLocationId);
    await expect(page).toHaveURL(new RegExp(`[?&]loc=${retired.reLocationId}(&|#|$)`));
  });

  test('when the service fails, the part shows an error and Retry recovers', async ({
    page,
    pageGuard,
  }) => {
    const { points: at, vintage } = await points();
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
    await page.goto(`/?loc=${at.FootprintParcel.locationId}&v=${vintage}`);
    const alert = panel(page).getByRole('alert');
    await expect(alert).toContainText('Fixed broadband could not be loaded.');
    // The other parts are unaffected.
    await expect(panel(page).getByRole('heading', { level: 2 })).not.toBeEmpty();
    failing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(panel(page).getByRole('alert')).toHaveCount(0);
    await expect(panel(page)).toContainText(/Unserved|Underserved|Served/);
  });

  test('click → panel fully rendered: median over 20 clicks', async ({ page }, testInfo) => {
    const { timing, points: at } = await points();
    expect(timing.length).toBeGreaterThanOrEqual(TIMING_CLICKS);
    // The timing points lie around this one, all in view at zoom 17.
    const map = await openAt(page, at.FootprintParcel, 17);
    for (const [n, p] of timing.slice(0, TIMING_CLICKS).entries()) {
      await map.clickAt(p.lng, p.lat);
      // The panel marks the moment locate, data, translate, history and coverage all show.
      await page.waitForFunction(
        (count) => performance.getEntriesByName('location:click-to-panel').length >= count,
        n + 1,
      );
      await expectLocationId(page, p.locationId);
    }
    const ms = await page.evaluate(() =>
      performance.getEntriesByName('location:click-to-panel').map((e) => e.duration),
    );
    const sorted = [...ms].sort((a, b) => a - b);
    const median = (sorted[9] + sorted[10]) / 2;
    const line = `click → panel: median ${median.toFixed(1)} ms, min ${sorted[0].toFixed(1)}, max ${sorted[sorted.length - 1].toFixed(1)} over ${ms.length} clicks`;
    console.log(line);
    testInfo.annotations.push({ type: 'timing', description: line });
    // A figure to report (target: 150 ms median on the embedded backend), not a timed
    // assertion: every click above produced its measure and showed the clicked location.
    expect(ms).toHaveLength(TIMING_CLICKS);
    for (const duration of ms) expect(duration).toBeGreaterThan(0);
  });
});
