// The area report in the browser: drawn over the demo town it shows what the service's report
// operation answers for the same area at the picked vintages, follows both pickers, downloads
// as a CSV with its header block and the table values rounded as shown, and prints as a page
// of tables. Expected values come from the API (through the app server), never from app code.
import { execFileSync } from 'node:child_process';
import type { Page, Request } from '@playwright/test';
import { AreaPanelDriver } from './support/area-driver';
import { loadDemoTown, type DemoTown } from './support/demo-town';
import { expect, test } from './support/fixtures';
import { MapDriver } from './support/map-driver';
import { grouped, monthYear } from './support/planner-text';
import { ReportDriver } from './support/report-driver';
import { apiPost } from './support/service-api';

interface Count {
  locations: number;
  units: number;
}
interface ApiReport {
  fabric: string;
  coverage: string;
  locationcount: number;
  status: Record<
    'served' | 'underserved' | 'unserved' | 'nooffers' | 'notinrelease' | 'notbsl',
    Count
  >;
  tiers: { group: string; speed: string; locations: number }[];
  providers: {
    brand_name: string;
    served_locations: number;
    served_units: number;
    reached_locations: number;
  }[];
}

/** Debian's poppler-utils (scripts/ensure-chromium.mjs installs it): the PDF's text, and a page as an image to look at. */
const POPPLER = { text: '/usr/bin/pdftotext', png: '/usr/bin/pdftoppm' };

let town: DemoTown;
test.beforeAll(async () => {
  town = await loadDemoTown();
});

/** "66.7%": a share to one decimal, as a planner reads it; "" for a share of nothing. */
const pct = (n: number, d: number) =>
  d === 0 ? '' : `${(Math.round((1000 * n) / d) / 10).toFixed(1)}%`;
const bslsOf = (r: ApiReport) =>
  r.status.served.locations + r.status.underserved.locations + r.status.unserved.locations;

/** The status table's numbers, row by row, as the API's counts give them. */
function statusCells(r: ApiReport): string[][] {
  const s = r.status;
  const bsls = bslsOf(r);
  const units = s.served.units + s.underserved.units + s.unserved.units;
  const row = (c: Count) => [
    grouped(c.locations),
    pct(c.locations, bsls),
    grouped(c.units),
    pct(c.units, units),
  ];
  return [
    row(s.served),
    row(s.underserved),
    row(s.unserved),
    row(s.nooffers),
    row({ locations: bsls, units }),
    [grouped(s.notinrelease.locations), '', grouped(s.notinrelease.units), ''],
    [grouped(s.notbsl.locations), '', grouped(s.notbsl.units), ''],
    [grouped(r.locationcount), '', '', ''],
  ];
}

const GROUPS: Record<string, string> = {
  any: 'Any technology',
  wired: 'Wired',
  'fixed wireless': 'Fixed wireless',
  satellite: 'Satellite',
  other: 'Other',
};

async function storedArea(page: Page): Promise<GeoJSON.Polygon> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('coverage-explorer:area:'))!;
    return (JSON.parse(localStorage.getItem(key)!) as { geometry: GeoJSON.Polygon }).geometry;
  });
}

const reportRequest = (fv: string, cv: string) => (r: Request) =>
  r.method() === 'POST' &&
  r.url().includes(`/fabricext/${fv}/report?`) &&
  new URL(r.url()).searchParams.get('coverage') === cv;

/** The demo town in Draw mode with a rectangle drawn over it and its report shown. */
async function drawnReport(page: Page) {
  const map = new MapDriver(page);
  await page.goto(`/#map=14/${town.lat}/${town.lng}`);
  await map.waitForIdle();
  const panel = new AreaPanelDriver(page, map);
  await panel.open();
  const asked = page.waitForRequest((r) => r.url().includes('/report?'));
  await panel.drawRectangle(140);
  const url = new URL((await asked).url());
  const fv = /\/fabricext\/(\d{6})\/report/.exec(url.pathname)![1]!;
  const cv = url.searchParams.get('coverage')!;
  const report = new ReportDriver(page, panel);
  await expect(report.total).toBeVisible();
  return { map, panel, report, fv, cv, area: await storedArea(page) };
}

async function expectReportShows(report: ReportDriver, api: ApiReport) {
  await expect(report.total).toHaveText(grouped(api.locationcount));
  const status = await report.rows('status');
  expect(status.map((row) => row.slice(1))).toEqual(statusCells(api));
  const bsls = bslsOf(api);
  const speeds = [...new Set(api.tiers.map((t) => t.speed))];
  expect(await report.columns('tiers')).toEqual(['Technology', ...speeds]);
  expect(await report.rows('tiers')).toEqual(
    [...new Set(api.tiers.map((t) => t.group))].map((g) => [
      GROUPS[g]!,
      ...speeds.map((s) =>
        pct(api.tiers.find((t) => t.group === g && t.speed === s)!.locations, bsls),
      ),
    ]),
  );
  // Each provider's name (its technologies on the line below it), then its counts.
  const providers = await report.rows('providers');
  const top = api.providers.slice(0, 10);
  expect(providers.map(([name], i) => name!.startsWith(top[i]?.brand_name ?? '\u0000'))).toEqual(
    top.map(() => true),
  );
  expect(providers.map((row) => row.slice(1))).toEqual(
    top.map((p) => [
      grouped(p.served_locations),
      pct(p.served_locations, bsls),
      grouped(p.served_units),
      grouped(p.reached_locations),
    ]),
  );
  // Every table says which releases it counts.
  for (const id of ['status', 'tiers', 'providers'] as const)
    await expect(report.asOf(id)).toHaveText(
      `Fabric as of ${monthYear(api.fabric)} · coverage as of ${monthYear(api.coverage)}`,
    );
}

test.describe('area report', () => {
  test('follows the coverage and fabric pickers as the API counts', async ({ page, request }) => {
    const { report, fv, cv, area } = await drawnReport(page);
    const ask = (f: string, c: string) =>
      apiPost<ApiReport>(request, `/fabricext/${f}/report?coverage=${c}`, area);
    const first = await ask(fv, cv);
    expect(bslsOf(first)).toBeGreaterThan(50);
    await expectReportShows(report, first);
    await page.screenshot({ path: test.info().outputPath('report-1280.png') });

    // Another coverage vintage whose counts the API says differ: the report follows it.
    const vintages = await page
      .getByRole('combobox', { name: 'Coverage vintage' })
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    let other: ApiReport | null = null;
    for (const vintage of vintages.filter((v) => v !== cv).sort()) {
      const candidate = await ask(fv, vintage);
      if (JSON.stringify(candidate.status) !== JSON.stringify(first.status)) {
        other = candidate;
        break;
      }
    }
    expect(other, 'a coverage vintage with other counts').not.toBeNull();
    const asked = page.waitForRequest(reportRequest(fv, other!.coverage));
    await page.getByRole('combobox', { name: 'Coverage vintage' }).selectOption(other!.coverage);
    await asked;
    await expectReportShows(report, other!);

    // And the fabric picker: an older fabric at the same coverage vintage.
    const fabrics = await page
      .getByRole('combobox', { name: 'Fabric vintage' })
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    const olderFabric = fabrics
      .filter((v) => v < fv)
      .sort()
      .at(-1)!;
    const askedFabric = page.waitForRequest(reportRequest(olderFabric, other!.coverage));
    await page.getByRole('combobox', { name: 'Fabric vintage' }).selectOption(olderFabric);
    await askedFabric;
    await expectReportShows(report, await ask(olderFabric, other!.coverage));
  });

  test('downloads as a CSV with its header block and the values rounded as shown', async ({
    page,
  }) => {
    const { panel, report, fv, cv } = await drawnReport(page);
    await panel.areaName.fill('Ward 3, north');
    await panel.areaName.press('Enter');
    const shown = await report.rows('status');
    const file = await report.downloadCsv();
    expect(file.name).toMatch(
      /^ward-3-north-report-fabric\d{6}-coverage\d{6}-residential-bead-any-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const lines = file.text.split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      'Area report',
      'Area,"Ward 3, north"',
      `Fabric as of,${monthYear(fv)} (${fv})`,
      `Coverage as of,${monthYear(cv)} (${cv})`,
    ]);
    expect(lines).toContain('Offers sold to,Residential');
    expect(lines).toContain('Technology,Any technology');
    const generated = lines.find((l) => l.startsWith('Generated,'))!;
    expect(generated.slice('Generated,'.length, 'Generated,'.length + 10)).toBe(
      new Date().toISOString().slice(0, 10),
    );
    expect(lines).toContain('Data,Demo data (synthetic): not real locations or offers');
    // Each status row: the same numbers as on screen, without separators or % signs.
    const plain = (text: string) => (text === '' ? '' : String(Number(text.replace(/[,%]/g, ''))));
    for (const [label, ...cells] of shown) {
      const line = lines.find((l) => l.split(',')[0]!.trim() === label);
      expect(line, label).toBeDefined();
      const values = line!.split(',').slice(-cells.length);
      expect(values.map(plain), label).toEqual(cells.map(plain));
      // Shares keep one decimal at most, as shown.
      for (const v of values) expect(v).toMatch(/^(\d+(\.\d)?)?$/);
    }
  });

  test('prints as a page of tables with the area and the synthetic-data notice', async ({
    page,
  }) => {
    const { report } = await drawnReport(page);
    const [served] = await report.rows('status');
    const panelRows = {
      status: await report.rows('status'),
      tiers: await report.rows('tiers'),
      providers: await report.rows('providers'),
    };
    await report.print();
    await expect(report.printed.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await page.emulateMedia({ media: 'print' });
    await expect(report.printed).toBeVisible();
    await expect(page.locator('#root')).toBeHidden();
    // The same tables as the panel; every provider, where the panel lists the top ten.
    for (const id of ['status', 'tiers'] as const)
      expect(await report.rows(id, report.printed)).toEqual(panelRows[id]);
    const panelProviders = panelRows.providers;
    const printedProviders = await report.rows('providers', report.printed);
    expect(printedProviders.slice(0, panelProviders.length)).toEqual(panelProviders);
    expect(printedProviders.length).toBeGreaterThanOrEqual(panelProviders.length);
    await expect(report.printed).toContainText('Demo data (synthetic)');
    const pdf = test.info().outputPath('report.pdf');
    await page.pdf({ path: pdf, format: 'Letter', printBackground: true, preferCSSPageSize: true });
    // The PDF's own text is checked, and page 1 kept as PNG.
    const text = execFileSync(POPPLER.text, ['-layout', pdf, '-'], { encoding: 'utf8' });
    for (const words of [
      'Locations by status',
      'Top providers by locations served',
      'Demo data (synthetic)',
    ])
      expect(text).toContain(words);
    expect(text).toContain(served![1]);
    execFileSync(POPPLER.png, [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      pdf,
      test.info().outputPath('report-page'),
    ]);
    await page.emulateMedia({ media: 'screen' });
  });

  test('against a service without the report, says so and offers the custom summary', async ({
    page,
  }) => {
    // A backend whose capabilities don't list the report: the app never asks for one.
    await page.route('**/api/health', async (route) => {
      const health = await (await route.fetch()).json();
      health.capabilities.views.report = false;
      await route.fulfill({ json: health });
    });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/report\?/.test(r.url())) asked.push(r.url());
    });
    const map = new MapDriver(page);
    await page.goto(`/#map=14/${town.lat}/${town.lng}`);
    await map.waitForIdle();
    const panel = new AreaPanelDriver(page, map);
    await panel.open();
    await panel.drawRectangle(100);
    const notice = panel.region.getByTestId('report:unsupported');
    await expect(notice).toContainText('does not offer the area report');
    await notice.getByRole('button', { name: 'Open the custom summary' }).click();
    await expect(panel.region.getByRole('tab', { name: 'Custom summary' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(panel.total).toBeVisible();
    expect(asked).toEqual([]);
  });

  test('fits a phone screen', async ({ page }) => {
    // Drawn at desktop width (on a phone the toolbar and legend cover the middle of the map).
    const { report } = await drawnReport(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(report.table('status')).toBeVisible();
    await report.table('status').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('report-390.png') });
    await report.table('providers').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('report-390-providers.png') });
    // The tables scroll inside their own regions; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
