// Accessibility: axe-core checks every main state of the app (start, search suggestions,
// location, settings, area summary, mobile coverage and a hexagon, and the narrow layout) and must find no violation of
// its rules (WCAG 2 A/AA and best practices). The map canvas is one labelled region; what it
// draws is described by the panels, which are what axe reads here.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AreaPanelDriver, enterDrawMode } from './support/area-driver';
import { loadDemoPoints } from './support/demo-points';
import { loadDemoTown } from './support/demo-town';
import { LOCATION_DOT_LAYERS } from './support/map-layers';
import { expect, test } from './support/fixtures';
import { LocationPanelDriver } from './support/location-driver';
import { MapDriver } from './support/map-driver';
import { MobileLayerDriver } from './support/mobile-layer';

async function expectNoViolations(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    (v) =>
      `${v.impact ?? 'unknown'} ${v.id}: ${v.help} (${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')})`,
  );
  expect(found, `axe violations in ${state}`).toEqual([]);
}

test('the start view, the search suggestions, a location and the settings dialog', async ({
  page,
}) => {
  const map = new MapDriver(page);
  await page.goto('/');
  await map.waitForIdle();
  await expect(page.getByRole('heading', { name: 'Start here' })).toBeVisible();
  await expectNoViolations(page, 'the start view');

  // A street's addresses: more suggestions than the popup shows at once, so it scrolls.
  const { points, search } = await loadDemoPoints();
  const street = search.text.replace(/^\d+\w?\s+/, '').split(',')[0]!;
  const box = page.getByRole('combobox', { name: 'Search address' });
  await box.fill(street);
  const suggestions = page.getByRole('listbox', { name: 'Address suggestions' });
  await expect(suggestions.getByRole('option').nth(10)).toBeVisible();
  await expectNoViolations(page, 'the search suggestions');
  await box.press('Escape');

  await page.goto(`/?loc=${points.FootprintParcel.locationId}`);
  const panel = new LocationPanelDriver(page);
  await expect(panel.providersTable).toBeVisible();
  await expect(panel.region.getByText(/Loading/)).toHaveCount(0);
  await expectNoViolations(page, 'the location panel');

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await expectNoViolations(page, 'the settings dialog');
});

test('an area report, mobile coverage and a hexagon', async ({ page }) => {
  const town = await loadDemoTown();
  const map = new MapDriver(page);
  await page.goto(`/#map=9/${town.lat}/${town.lng}`);
  await map.waitForIdle();
  await enterDrawMode(page);
  await map.clickAt(town.lng, town.lat);
  await page.getByRole('button', { name: 'Use this county' }).click();
  const area = new AreaPanelDriver(page, map);
  await expect(area.region.getByTestId('report:total')).toBeVisible({ timeout: 60_000 });
  await expectNoViolations(page, 'the area report');

  await page.getByRole('button', { name: 'Inspect' }).click();
  await map.jumpTo({ lng: town.lng, lat: town.lat, zoom: 14 });
  await page.getByRole('button', { name: 'Layers' }).click();
  await page.getByRole('checkbox', { name: /Mobile coverage/ }).check();
  await expectNoViolations(page, 'the layers menu');
  await page.keyboard.press('Escape');
  await new MobileLayerDriver(page, map).waitForCells();
  // Beside the dots (a click on one opens that location).
  const [clear] = await map.spotsClearOf(town.lng, town.lat, LOCATION_DOT_LAYERS);
  await map.clickAt(clear!.lng, clear!.lat);
  await expect(page.getByRole('region', { name: 'Hexagon' })).toBeVisible();
  await expectNoViolations(page, 'mobile coverage and the hexagon panel');
});

test('the narrow layout with a location', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  const { points } = await loadDemoPoints();
  await page.goto(`/?loc=${points.Parcel.locationId}`);
  await expect(new LocationPanelDriver(page).providersTable).toBeVisible();
  await expectNoViolations(page, 'the 768 px layout');
});
