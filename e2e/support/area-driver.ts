// Steps in draw mode that several specs take: the summary panel and a rectangle drawn with the
// Rectangle tool around the map's centre, as a planner drags it.
import { expect, type Page } from '@playwright/test';
import type { MapDriver } from './map-driver';

export function areaPanel(page: Page) {
  return page.getByRole('region', { name: 'Area summary' });
}

/** Draws a rectangle `half` pixels around the map centre and waits for it to be listed. */
export async function drawRectangle(page: Page, map: MapDriver, half = 160): Promise<void> {
  await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
  const box = (await map.region.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.click(cx - half, cy - half);
  await page.mouse.move(cx, cy, { steps: 4 });
  await page.mouse.move(cx + half, cy + half, { steps: 4 });
  await page.mouse.click(cx + half, cy + half);
  await expect(
    areaPanel(page).getByRole('list', { name: 'Saved areas' }).getByRole('listitem'),
  ).toHaveCount(1);
}
