// Accessibility: axe-core checks every main state of the app (start, search suggestions,
// location, settings, area summary, mobile coverage and a hexagon, and the narrow layout) and must find no violation of
// its rules (WCAG 2 A/AA and best practices). The map canvas is one labelled region; what it
// draws is described by the panels, which are what axe reads here. A browser asking for less
// motion gets a map that jumps where it would fly and labels that do not fade in.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Map as MapLibreMap } from 'maplibre-gl';
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

test('asked for less motion, the map jumps to a searched location and its labels do not fade in', async ({
  browser,
}) => {
  const { points } = await loadDemoPoints();
  const seen: Record<string, { moves: number; fade: number }> = {};
  for (const motion of ['reduce', 'no-preference'] as const) {
    const context = await browser.newContext({ reducedMotion: motion });
    const page = await context.newPage();
    const map = new MapDriver(page);
    await page.goto('/');
    await map.waitForIdle();
    await page.evaluate(() => {
      const w = window as unknown as { __coverageMap: MapLibreMap; moves: number };
      w.moves = 0;
      w.__coverageMap.on('move', () => void w.moves++);
    });
    await new LocationPanelDriver(page).searchPoint(points.FootprintParcel);
    await map.waitForIdle();
    seen[motion] = await page.evaluate(() => {
      const w = window as unknown as { __coverageMap: MapLibreMap; moves: number };
      // MapLibre keeps the map's fadeDuration option in this field; it has no getter.
      // oxlint-disable-next-line no-underscore-dangle
      const fade = (w.__coverageMap as unknown as { _fadeDuration: number })._fadeDuration;
      return { moves: w.moves, fade };
    });
    await context.close();
  }
  // A jump is one move event; a flight is one per frame drawn on the way.
  expect(seen.reduce).toEqual({ moves: 1, fade: 0 });
  expect(seen['no-preference']!.moves).toBeGreaterThan(3);
  expect(seen['no-preference']!.fade).toBe(300);
});

test('the narrow layout with a location', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  const { points } = await loadDemoPoints();
  await page.goto(`/?loc=${points.Parcel.locationId}`);
  await expect(new LocationPanelDriver(page).providersTable).toBeVisible();
  await expectNoViolations(page, 'the 768 px layout');
});
