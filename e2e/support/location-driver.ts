// The location panel as a planner reads it: found by its region name, its parts by role,
// label or a `location-panel:` test id, and read back as plain data (no class names).
import { expect, type Locator, type Page } from '@playwright/test';

/** One row of the fixed providers table, as shown. */
export interface ProviderRow {
  provider: string;
  /** Technology name, with " · residential only" when the offer is sold to homes only. */
  technology: string;
  /** "1,000 / 500": maximum advertised download / upload, Mbps. */
  speeds: string;
  lowLatency: string;
  /** What the threshold column says to a screen reader: "Meets threshold", "Below threshold"... */
  threshold: string;
}

/** One release on the history timeline: "June 2025: in the fabric", and whether it is current. */
export interface HistoryStep {
  text: string;
  current: boolean;
}

export class LocationPanelDriver {
  readonly region: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Location', exact: true });
  }

  /** The value of an identifier ("location ID" or "UUID"): the definition with its Copy button. */
  identifier(name: 'location ID' | 'UUID'): Locator {
    return this.region
      .getByRole('definition')
      .filter({ has: this.page.getByRole('button', { name: `Copy ${name}` }) });
  }

  /** The panel shows this location: its location ID, and nothing but it, leads the value. */
  async expectShown(id: number): Promise<void> {
    await expect(this.identifier('location ID')).toHaveText(new RegExp(`^${id}(?!\\d)`));
  }

  /**
   * Types a demo point's coordinates in the address search, takes the suggestion with Enter and
   * waits for the panel to show its location.
   */
  async searchPoint(p: { lng: number; lat: number; locationId: number }): Promise<void> {
    const search = this.page.getByRole('combobox', { name: 'Search address' });
    await search.fill(`${p.lat.toFixed(7)}, ${p.lng.toFixed(7)}`);
    await expect(this.page.getByRole('listbox', { name: 'Address suggestions' })).toBeVisible();
    await search.press('Enter');
    await this.expectShown(p.locationId);
  }

  /** The address line, the panel's level-2 heading. */
  get address(): Locator {
    return this.region.getByRole('heading', { level: 2 });
  }

  /** "City, ST zip" under the address. */
  get place(): Locator {
    return this.region.getByTestId('location-panel:place');
  }

  /** Building type, units and BSL, one item each. */
  get facts(): Locator {
    return this.region.getByTestId('location-panel:facts').getByRole('listitem');
  }

  /** How the click found the location ("Footprint match, 4 m"); only after a click. */
  get match(): Locator {
    return this.region.getByTestId('location-panel:match');
  }

  /** The BEAD status badge. */
  get beadStatus(): Locator {
    return this.region.getByTestId('location-panel:bead-status');
  }

  get providersTable(): Locator {
    return this.region.getByRole('table', { name: 'Fixed broadband providers' });
  }

  /** The body rows of the providers table (head and foot are the other row groups). */
  get providerRowsLocator(): Locator {
    return this.providersTable.getByRole('rowgroup').nth(1).getByRole('row');
  }

  /** The providers table's rows as shown, top to bottom (empty while it is not there). */
  async providers(): Promise<ProviderRow[]> {
    return this.providerRowsLocator.evaluateAll((rows) =>
      rows.map((row) => {
        const [who, speeds, latency, mark] = [...(row as HTMLTableRowElement).cells];
        // Brand and technology are stacked lines in one cell.
        const [provider = '', technology = ''] = (who?.innerText ?? '').split('\n');
        return {
          provider,
          technology,
          speeds: speeds?.innerText ?? '',
          lowLatency: latency?.innerText ?? '',
          threshold: mark?.querySelector('[aria-label]')?.getAttribute('aria-label') ?? '',
        };
      }),
    );
  }

  get timeline(): Locator {
    return this.region.getByRole('list', { name: 'Fabric vintages' });
  }

  /** The history timeline, oldest first, with what a screen reader hears for each release. */
  async historySteps(): Promise<HistoryStep[]> {
    return this.timeline.getByRole('listitem').evaluateAll((items) =>
      items.map((li) => ({
        text: (li.textContent ?? '').trim(),
        current: li.getAttribute('aria-current') === 'true',
      })),
    );
  }

  /** "Coverage data as of June 2025". */
  get coverageAsOf(): Locator {
    return this.region.getByText(/^Coverage data as of /);
  }
}
