// The fixed broadband layer as a planner meets it: the Filters menu in the top bar (found by
// its labels), the legend card (by its title) with a count per status, the hexagon tooltip,
// and what the map draws at a location, read through the map test handle.
import { expect, type Locator, type Page } from '@playwright/test';
import type { Filters } from './fixed-expect';
import type { MapDriver } from './map-driver';
import { MAP_LAYER } from './map-layers';

/** The location layers, one per status. */
export const STATUS_LAYER = {
  served: MAP_LAYER.fixedServed,
  underserved: MAP_LAYER.fixedUnderserved,
  unserved: MAP_LAYER.fixedUnserved,
  nooffers: MAP_LAYER.fixedNoOffers,
  notinrelease: MAP_LAYER.fixedNotInRelease,
  notbsl: MAP_LAYER.fixedNotBsl,
} as const;
export type LayerStatus = keyof typeof STATUS_LAYER;

export class FixedLayerDriver {
  readonly legend: Locator;

  constructor(
    readonly page: Page,
    readonly map: MapDriver,
  ) {
    this.legend = page.getByRole('region', { name: 'Fixed broadband', exact: true });
  }

  get filtersButton(): Locator {
    return this.page.getByRole('button', { name: /^Filters/ });
  }

  get filtersPanel(): Locator {
    return this.page.getByRole('group', { name: 'Fixed broadband filters' });
  }

  async openFilters(): Promise<void> {
    if (await this.filtersPanel.isVisible()) return;
    await this.filtersButton.click();
    await expect(this.filtersPanel).toBeVisible();
  }

  /** Sets every filter through the menu's own controls, then closes it with Esc. */
  async setFilters(f: Filters): Promise<void> {
    await this.openFilters();
    const panel = this.filtersPanel;
    await panel
      .getByRole('radio', { name: f.audience === 'business' ? 'Business' : 'Residential' })
      .check();
    await panel.getByLabel('Served at').selectOption(f.speed);
    await panel.getByLabel('Technology').selectOption(f.tech);
    const lowLatency = panel.getByRole('checkbox', { name: 'Low latency required' });
    // Under BEAD the box is ticked and locked: the rule always needs low latency.
    if (f.speed !== 'bead') await lowLatency.setChecked(f.lowLatency);
    await this.page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }

  /** What the Filters menu shows, read back from its controls. */
  async shownFilters(): Promise<Filters> {
    await this.openFilters();
    const panel = this.filtersPanel;
    const business = await panel.getByRole('radio', { name: 'Business' }).isChecked();
    const speed = (await panel.getByLabel('Served at').inputValue()) as Filters['speed'];
    const tech = (await panel.getByLabel('Technology').inputValue()) as Filters['tech'];
    const ll = panel.getByRole('checkbox', { name: 'Low latency required' });
    const lowLatency = speed === 'bead' ? false : await ll.isChecked();
    await this.page.keyboard.press('Escape');
    return { audience: business ? 'business' : 'residential', speed, tech, lowLatency };
  }

  /** The legend's count of locations in view drawn in a status. */
  count(status: LayerStatus): Locator {
    return this.legend.getByTestId(`fixed:count-${status}`);
  }

  /** The layers whose symbol is drawn for this location at its point. */
  async drawnStatuses(
    locationId: number,
    at: { lng: number; lat: number },
  ): Promise<LayerStatus[]> {
    const found: LayerStatus[] = [];
    for (const [status, layer] of Object.entries(STATUS_LAYER) as [LayerStatus, string][]) {
      const features = await this.map.renderedFeatures(layer, { ...at, radiusPx: 6 });
      if (features.some((f) => Number(f.location_id) === locationId)) found.push(status);
    }
    return found;
  }

  get hexTip(): Locator {
    return this.page.getByTestId('fixed:hex-tip');
  }
}

/** "12 locations, 11 BSLs, 9 % unserved, 0 % underserved" → its numbers. */
export function hexTipNumbers(text: string): {
  locations: number;
  bsls: number;
  unservedPct: number;
  underservedPct: number;
} {
  const m = /^([\d,]+) locations?, ([\d,]+) BSLs?, (\d+) % unserved, (\d+) % underserved/.exec(
    text,
  );
  if (!m) throw new Error(`not a hexagon tooltip: ${text}`);
  const n = (s: string) => Number(s.replace(/,/g, ''));
  return { locations: n(m[1]!), bsls: n(m[2]!), unservedPct: n(m[3]!), underservedPct: n(m[4]!) };
}
