// The area summary panel as a planner reads it: found by its region name, its parts by role,
// label or the `area-panel:` test id, and read back as plain data (no class names); plus the
// Rectangle tool dragged around the map's centre, as a planner draws an area.
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import type { MapDriver } from './map-driver';
import { countIn } from './planner-text';

export class AreaPanelDriver {
  readonly region: Locator;

  constructor(
    readonly page: Page,
    readonly map: MapDriver,
  ) {
    this.region = page.getByRole('region', { name: 'Area summary' });
  }

  /** Switches to Draw mode; the panel opens. */
  async open(): Promise<void> {
    await enterDrawMode(this.page);
    await expect(this.region).toBeVisible();
  }

  /** The Custom summary tab (the Report tab is open by default). */
  async showCustomSummary(): Promise<void> {
    const tab = this.region.getByRole('tab', { name: 'Custom summary' });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  get savedAreas(): Locator {
    return this.region.getByRole('list', { name: 'Saved areas' }).getByRole('listitem');
  }

  get areaName(): Locator {
    return this.region.getByRole('textbox', { name: 'Area name' });
  }

  /** The summary's total ("12,345" locations in the area). */
  get total(): Locator {
    return this.region.getByTestId('area-panel:total');
  }

  async totalCount(): Promise<number> {
    return countIn(await this.total.textContent());
  }

  /** The folded field picker's line: "Fields to summarize: building_type_code". */
  get fieldPicker(): Locator {
    return this.region.getByText('Fields to summarize');
  }

  field(name: string): Locator {
    return this.region.getByRole('checkbox', { name: new RegExp(`^${name}\\b`) });
  }

  get noCategories(): Locator {
    return this.region.getByRole('switch', { name: /No categories/ });
  }

  /** The summary table (inside its scrollable region). */
  get table(): Locator {
    return this.region.getByRole('region', { name: 'Summary rows, scrollable' }).getByRole('table');
  }

  async columns(): Promise<string[]> {
    return (await this.table.getByRole('columnheader').allTextContents()).map((t) => t.trim());
  }

  /** The table's body rows as shown, each a list of cell texts (group values, then numbers). */
  async rows(): Promise<string[][]> {
    return this.table
      .getByRole('rowgroup')
      .nth(1)
      .getByRole('row')
      .evaluateAll((rows) =>
        rows.map((row) => [...(row as HTMLTableRowElement).cells].map((c) => c.innerText.trim())),
      );
  }

  /** "k of n parts" while a large area is summarized in parts. */
  get progress(): Locator {
    // The panel has other live regions (Copy link's, the location list's).
    return this.region.getByTestId('area-panel:progress');
  }

  get progressBar(): Locator {
    return this.region.getByRole('progressbar', { name: 'Parts summarized' });
  }

  /** Clicks Download CSV; the file's suggested name and its text. */
  async downloadCsv(): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.region.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
  }

  /** The first saved area's outline, as the page stored it. */
  async storedArea(): Promise<GeoJSON.Polygon> {
    return this.page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('coverage-explorer:area:'))!;
      return (JSON.parse(localStorage.getItem(key)!) as { geometry: GeoJSON.Polygon }).geometry;
    });
  }

  /**
   * Draws a rectangle `half` pixels around the map's centre (the middle of the part no card or
   * panel covers, as the map's padding places it) and waits for it to be listed.
   */
  async drawRectangle(half = 160): Promise<void> {
    await this.page.getByRole('button', { name: 'Rectangle', exact: true }).click();
    const centre = await this.map.view();
    const { x: cx, y: cy } = await this.map.project(centre.lng, centre.lat);
    await this.page.mouse.click(cx - half, cy - half);
    await this.page.mouse.move(cx, cy, { steps: 4 });
    await this.page.mouse.move(cx + half, cy + half, { steps: 4 });
    await this.page.mouse.click(cx + half, cy + half);
    await expect(this.savedAreas).toHaveCount(1);
  }
}

/**
 * Switches to Draw mode and waits for its toolbar: drawing's code comes on first use, and a
 * map click before it has arrived picks no county (as a planner sees no toolbar yet).
 */
export async function enterDrawMode(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Draw area' }).click();
  await expect(page.getByRole('toolbar', { name: 'Draw area' })).toBeVisible();
}
