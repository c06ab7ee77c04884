// The mobile coverage layer and the hexagon panel as a planner reads them: the Layers menu,
// the legend card's counts by its row labels, the filters by label, the hexagon panel's
// records as rows of text (no class names; the panel's cell id by its `hex-panel:` test id).
import { expect, type Locator, type Page } from '@playwright/test';
import type { MapDriver } from './map-driver';
import { countIn } from './planner-text';
import { foldTopBar, unfoldTopBar } from './top-bar';

export class MobileLayerDriver {
  readonly legend: Locator;

  constructor(
    readonly page: Page,
    readonly map: MapDriver,
  ) {
    this.legend = page.getByRole('region', { name: 'Mobile coverage' });
  }

  async turnOn(): Promise<void> {
    const unfolded = await unfoldTopBar(this.page);
    await this.page.getByRole('button', { name: 'Layers', exact: true }).click();
    await this.page.getByRole('checkbox', { name: /Mobile coverage/ }).check();
    await this.page.keyboard.press('Escape');
    if (unfolded) await foldTopBar(this.page);
  }

  private get legendRows(): Locator {
    return this.legend
      .getByRole('list', { name: 'Cells in view by best service' })
      .getByRole('listitem');
  }

  /** Waits until the legend counts no cell in view as not loaded yet, then for the map. */
  async waitForCells(): Promise<void> {
    await expect(this.legendRows.filter({ hasText: 'Not loaded yet' })).toHaveText(
      /Not loaded yet\s*0$/,
      { timeout: 30_000 },
    );
    await this.map.waitForIdle();
  }

  /** Cells in view per legend row, by the row's label ("4G LTE 5/1 Mbps": 1234). */
  async legendCounts(): Promise<Record<string, number>> {
    // Each row reads as its label then its count; the count is the part the legend marks with
    // data-count (its number for scripts), read here as the text shown ("1,234").
    const rows = await this.legendRows.evaluateAll((items) =>
      items.map((li) => {
        const count = li.querySelector('[data-count]')?.textContent ?? '';
        const text = li.textContent ?? '';
        return { label: text.slice(0, text.length - count.length).trim(), count };
      }),
    );
    const counts: Record<string, number> = {};
    for (const { label, count } of rows) {
      if (label !== 'Not loaded yet') counts[label] = countIn(count);
    }
    return counts;
  }

  /** A filter select by its label: Carrier, Technology or Environment. */
  filter(name: 'Carrier' | 'Technology' | 'Environment'): Locator {
    return this.legend.getByLabel(name);
  }
}

export class HexPanelDriver {
  readonly region: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Hexagon' });
  }

  /** The selected cell's H3 id. */
  get cell(): Locator {
    return this.region.getByTestId('hex-panel:cell');
  }

  /** "Coverage data as of June 2025". */
  get coverageAsOf(): Locator {
    return this.region.getByText(/^Coverage data as of /);
  }

  get recordRows(): Locator {
    return this.region
      .getByRole('region', { name: 'Coverage records table, scrollable' })
      .getByRole('rowgroup')
      .nth(1)
      .getByRole('row');
  }

  /** The records table as shown: carrier, technology, speed tier, environment, signal. */
  async records(): Promise<string[][]> {
    return this.recordRows.evaluateAll((rows) =>
      rows.map((row) => [...(row as HTMLTableRowElement).cells].map((c) => c.innerText.trim())),
    );
  }
}
