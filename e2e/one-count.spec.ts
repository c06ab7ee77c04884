// One count everywhere (README, "Area sources and sharing" and "Location list"): under 250/25,
// fiber only, a drawn area's location list says those filters in its name and header and
// holds, by status, the report's figures; its copied link opened in a fresh browser whose
// stored filters differ gives the sender's figures exactly, filters included; the same link
// without its filter parameters opens under the defaults, not the recipient's stored filters.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { AreaPanelDriver } from './support/area-driver';
import { loadDemoTown, type DemoTown } from './support/demo-town';
import { expect, test } from './support/fixtures';
import { FixedLayerDriver } from './support/fixed-layer';
import { MapDriver } from './support/map-driver';
import { cells } from './support/csv-cells';
import { countIn } from './support/planner-text';
import { ReportDriver } from './support/report-driver';

const FILTERS = {
  audience: 'residential',
  speed: '250/25',
  tech: 'fiber',
  lowLatency: false,
} as const;
const STORED = { audience: 'business', speed: 'bead', tech: 'wired', lowlatency: '0' };

let town: DemoTown;
test.beforeAll(async () => {
  town = await loadDemoTown();
});

/** The report's status table by row label, and the filters the page shows. */
async function figures(page: Page) {
  const map = new MapDriver(page);
  const panel = new AreaPanelDriver(page, map);
  const report = new ReportDriver(page, panel);
  await expect(report.total).toBeVisible({ timeout: 60_000 });
  const rows = await report.rows('status');
  return {
    total: await report.total.textContent(),
    status: Object.fromEntries(rows.map(([label, locations]) => [label, locations])),
    filters: await new FixedLayerDriver(page, map).shownFilters(),
  };
}

/** A new browser context whose stored filters are not the sender's, no areas. */
async function recipient(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript((stored) => {
    localStorage.setItem('coverage-explorer:fixed-filters', stored);
  }, JSON.stringify(STORED));
  return context.newPage();
}

test('the list states its filters and holds the report’s figures; a link gives the sender’s', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const map = new MapDriver(page);
  await page.goto(`/?v=202506&cv=202506#map=14/${town.lat}/${town.lng}`);
  await map.waitForIdle();
  await new FixedLayerDriver(page, map).setFilters(FILTERS);
  const panel = new AreaPanelDriver(page, map);
  await panel.open();
  await panel.drawRectangle(130);
  await panel.areaName.fill('Ward 7');
  await panel.areaName.press('Enter');
  const sent = await figures(page);
  expect(sent.filters).toEqual(FILTERS);

  // The location list: its name and header say 250/25, fiber only; its rows are the report's.
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await panel.region.getByRole('button', { name: 'Download location list (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^ward-7-locations-fabric202506-coverage202506-residential-250-25-fiber-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const text = await readFile((await file.path())!, 'utf8');
  const lines = text.split('\r\n');
  expect(lines.slice(0, 2)).toEqual(['Location list', 'Area,Ward 7']);
  expect(lines).toContain('Speed,250/25 Mbps');
  expect(lines).toContain('Technology,Fiber only (BEAD-reliable)');
  expect(lines).toContain('Offers sold to,Residential');
  const first = Number(/^Table starts on line,(\d+)$/m.exec(text)![1]);
  const columns = cells(lines[first - 1]!);
  expect(columns.slice(0, 2)).toEqual(['location_id', 'address']);
  const status = columns.indexOf('status');
  const byStatus = new Map<string, number>();
  for (const line of lines.slice(first).filter((l) => l !== '')) {
    const cell = cells(line)[status]!;
    byStatus.set(cell, (byStatus.get(cell) ?? 0) + 1);
  }
  const n = (k: string) => byStatus.get(k) ?? 0;
  expect(n('served')).toBe(countIn(sent.status['Served']));
  expect(n('underserved')).toBe(countIn(sent.status['Underserved']));
  expect(n('unserved') + n('nooffers')).toBe(countIn(sent.status['Unserved']));
  expect(n('notbsl')).toBe(countIn(sent.status['Not a BSL']));

  // The link, in a browser that keeps other filters: the sender's figures, exactly.
  const region = page.getByRole('region', { name: 'Area summary' });
  await region.getByRole('button', { name: 'Copy link' }).click();
  const link = await region.getByRole('textbox', { name: /^Link to / }).inputValue();
  const other = await recipient(browser, baseURL);
  await other.goto(link);
  await new MapDriver(other).waitForIdle();
  expect(await figures(other)).toEqual(sent);

  // Without its filter parameters: the defaults, never the recipient's stored ones.
  const bare = new URL(link);
  for (const key of ['aud', 'spd', 'tech', 'll']) bare.searchParams.delete(key);
  const third = await recipient(browser, baseURL);
  await third.goto(bare.toString());
  await new MapDriver(third).waitForIdle();
  const opened = await figures(third);
  expect(opened.filters).toEqual({
    audience: 'residential',
    speed: 'bead',
    tech: 'any',
    lowLatency: false,
  });
  expect(opened.total).toBe(sent.total);
});
