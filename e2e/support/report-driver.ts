// The area report as a planner reads it in the area panel: its three tables (test ids
// `report:status`, `report:tiers`, `report:providers`) read back as cell texts, the line that
// says which releases each is as of, the CSV download and the printed page.
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AreaPanelDriver } from './area-driver';

export type ReportTableId = 'status' | 'tiers' | 'providers' | 'offered' | 'change' | 'transitions';

export class ReportDriver {
  constructor(
    readonly page: Page,
    readonly panel: AreaPanelDriver,
  ) {}

  get total(): Locator {
    return this.panel.region.getByTestId('report:total');
  }

  table(id: ReportTableId, root: Locator = this.panel.region): Locator {
    return root.getByTestId(`report:${id}`);
  }

  /** The body rows as shown: the row's label, then each cell's text. */
  async rows(id: ReportTableId, root?: Locator): Promise<string[][]> {
    return this.table(id, root)
      .getByRole('table')
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...(row as HTMLTableRowElement).cells].map((c) => (c.textContent ?? '').trim()),
        ),
      );
  }

  async columns(id: ReportTableId): Promise<string[]> {
    return (await this.table(id).getByRole('columnheader').allTextContents()).map((t) => t.trim());
  }

  /** "Fabric as of June 2025 · coverage as of June 2023" under the table's title. */
  asOf(id: ReportTableId): Locator {
    return this.table(id).getByText(/^Fabric as of/);
  }

  /** The printable copy of the report (shown only when printing). */
  get printed(): Locator {
    return this.page.getByTestId('report:print');
  }

  async downloadCsv(): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.panel.region.getByRole('button', { name: 'Download report CSV' }).click();
    const file = await download;
    return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
  }

  /** Clicks Print report with the browser's print dialog replaced by a counter; waits for it. */
  async print(): Promise<void> {
    await this.page.evaluate(() => {
      const w = window as unknown as { print: () => void; printed: number };
      w.printed = 0;
      w.print = () => void (w.printed += 1);
    });
    await this.panel.region.getByRole('button', { name: 'Print report' }).click();
    await expect
      .poll(() => this.page.evaluate(() => (window as unknown as { printed: number }).printed), {
        timeout: 20_000,
      })
      .toBe(1);
  }
}
