// The app over a fabric imported into PostGIS (STORE=postgis): a small demo fabric is exported,
// loaded with `npm run import` into a private cluster and served by an app server started here.
// Every stamp naming the data source (the badge, the start panel, the map's attribution, the
// report CSV header, the printed report, the hexagon GeoJSON) says the imported fabric in the
// words shared/capabilities.ts gives for the capabilities /api/health answered, names the
// database it was imported into, and never says demo or synthetic.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  capabilitiesSchema,
  dataSourceLabel,
  dataSourceStamp,
  type Capabilities,
} from '../shared/capabilities';
import { AreaPanelDriver } from './support/area-driver';
import { expect, test } from './support/fixtures';
import { startImportedFabric, type ImportedFabric } from './support/imported-fabric';
import { MapDriver } from './support/map-driver';
import { monthYear } from './support/planner-text';
import { ReportDriver } from './support/report-driver';

/** A name no stamp could show unless it came from the database's own URL. */
const DATABASE = 'sangamon_import_check';
const NOT_DEMO = /demo|synthetic/i;

let fabric: ImportedFabric;
let capabilities: Capabilities;
let fabricVintages: string[];
let coverageVintages: string[];

test.beforeAll(async () => {
  test.setTimeout(150_000);
  fabric = await startImportedFabric({ database: DATABASE, locations: 2000, seed: 7 });
  const line = `imported fabric set up (ms): ${JSON.stringify(fabric.timings)}`;
  console.log(line);
  test.info().annotations.push({ type: 'timing', description: line });
  const health = (await (await fetch(`${fabric.appUrl}/api/health`)).json()) as {
    capabilities: unknown;
    fabricVintages: { vintage: string }[];
    coverageVintages: string[];
  };
  capabilities = capabilitiesSchema.parse(health.capabilities);
  fabricVintages = health.fabricVintages.map((v) => v.vintage).sort();
  coverageVintages = health.coverageVintages.toSorted();
});
test.afterAll(async () => fabric?.close());

/** A stamp's text: the expected wording, the database named, nothing of the demo. */
function expectNamesImport(text: string | null | undefined, what: string): void {
  expect(text, what).toContain(DATABASE);
  expect(text, what).toContain(fabric.databaseHost);
  expect(text, what).not.toMatch(NOT_DEMO);
}

/** The PDF Chromium prints, as text (poppler-utils; scripts/ensure-chromium.mjs installs it). */
async function printedText(page: Page): Promise<string> {
  const pdf = test.info().outputPath('imported-report.pdf');
  await page.pdf({ path: pdf, format: 'Letter', printBackground: true, preferCSSPageSize: true });
  return execFileSync('/usr/bin/pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
}

test('every stamp names the imported fabric and its releases, none the demo', async ({ page }) => {
  // What the health answer says, checked against what was imported, not against app code.
  expect(capabilities.data).toEqual({
    kind: 'imported',
    database: `${DATABASE} on ${fabric.databaseHost}`,
  });
  expect(fabricVintages).toEqual(fabric.vintages);
  expect(coverageVintages).toEqual(fabric.vintages);
  const stamp = dataSourceStamp(capabilities.data);
  const label = dataSourceLabel(capabilities.data);
  expectNamesImport(stamp, 'the stamp');
  const [fv, cv] = [fabricVintages.at(-1)!, coverageVintages.at(-1)!];
  const asOf = `Fabric as of ${monthYear(fv)} · coverage as of ${monthYear(cv)}`;

  const map = new MapDriver(page);
  const { town } = fabric;
  await page.goto(`${fabric.appUrl}/#map=14/${town.lat}/${town.lng}`);
  await map.waitForIdle();

  await test.step('the badge, the start panel and the map attribution', async () => {
    const badge = page.getByTestId('backend-badge');
    await expect(badge).toHaveText(label);
    await expect(badge).toHaveAttribute('title', stamp);
    expectNamesImport(await badge.getAttribute('title'), 'the badge title');
    const intro = page.getByTestId('intro:source');
    await expect(intro).toHaveText(`Data: ${stamp}.`);
    expectNamesImport(await intro.textContent(), 'the start panel');
    await expect(map.attribution).toContainText(stamp);
    await expect(map.attribution).not.toContainText(NOT_DEMO);
    await expect(page.getByRole('combobox', { name: 'Fabric vintage' })).toHaveValue(fv);
    await expect(page.getByRole('combobox', { name: 'Coverage vintage' })).toHaveValue(cv);
  });

  const panel = new AreaPanelDriver(page, map);
  const report = new ReportDriver(page, panel);
  await test.step('the report over a drawn area, and its CSV header', async () => {
    await panel.open();
    const asked = page.waitForRequest((r) => r.url().includes(`/fabricext/${fv}/report?`));
    await panel.drawRectangle(140);
    expect(new URL((await asked).url()).searchParams.get('coverage')).toBe(cv);
    await expect(report.total).toBeVisible();
    await expect(report.asOf('status')).toHaveText(asOf);
    const lines = (await report.downloadCsv()).text.split('\r\n');
    expect(lines).toContain(`Fabric as of,${monthYear(fv)} (${fv})`);
    expect(lines).toContain(`Coverage as of,${monthYear(cv)} (${cv})`);
    expect(lines).toContain(`Data,${stamp}`);
    expectNamesImport(
      lines.find((l) => l.startsWith('Data,')),
      'the CSV header',
    );
    expect(lines.join('\n')).not.toMatch(NOT_DEMO);
  });

  await test.step('the printed report', async () => {
    await report.print();
    await page.emulateMedia({ media: 'print' });
    await expect(report.printed).toBeVisible();
    await expect(report.printed.getByText(/^Data: /)).toHaveText(`Data: ${stamp}`);
    const text = await printedText(page);
    expect(text).toContain(`Data: ${stamp}`);
    expect(text).toContain(asOf);
    expectNamesImport(text, 'the printed page');
    await page.emulateMedia({ media: 'screen' });
  });

  await test.step('the hexagon GeoJSON download', async () => {
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await panel.region
      .getByRole('button', { name: 'Download area and hexagons (GeoJSON)' })
      .click();
    const file = await download;
    const doc = JSON.parse(
      await readFile((await file.path())!, 'utf8'),
    ) as GeoJSON.FeatureCollection;
    const [area, ...hexagons] = doc.features;
    expect(area!.properties).toMatchObject({ kind: 'area', data: stamp, fabric: fv, coverage: cv });
    expectNamesImport(String(area!.properties!.data), 'the GeoJSON area properties');
    expect(hexagons.length).toBeGreaterThan(0);
    expect(JSON.stringify(doc)).not.toMatch(NOT_DEMO);
  });
});
