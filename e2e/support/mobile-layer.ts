// Steps on the mobile coverage layer that several specs take: switch it on from the Layers
// menu, wait until every cell in view has its records and is drawn, read the view's bounds.
import { expect, type Page } from '@playwright/test';
import type { LngLatBox } from '../../src/lib/geo/h3';
import type { MapDriver } from './map-driver';

/** The legend card that counts the cells in view by class. */
export function mobileLegend(page: Page) {
  return page.getByRole('region', { name: 'Mobile coverage' });
}

export async function turnMobileLayerOn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Layers' }).click();
  await page.getByRole('checkbox', { name: /Mobile coverage/ }).check();
  await page.keyboard.press('Escape');
}

/** Waits until no cell in view is still loading, then for the map to draw them. */
export async function waitForMobileCells(page: Page, map: MapDriver): Promise<void> {
  const loading = mobileLegend(page).locator('[data-class="loading"] [data-count]');
  await expect(loading).toHaveAttribute('data-count', '0', { timeout: 30_000 });
  await map.waitForIdle();
}

export async function viewBounds(page: Page): Promise<LngLatBox> {
  return page.evaluate(() => {
    const b = (window as { __coverageMap?: import('maplibre-gl').Map }).__coverageMap!.getBounds();
    return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
  });
}
