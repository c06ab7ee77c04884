// One provider on the map: found from the search box by a word of its brand, it becomes the
// provider filter; the filters card names it, the legend says the map shows its claims only,
// a hexagon's counts on hover are the service's under that provider, and an area's report
// counts what it alone claims (the service's providers table row for it), with its offers by
// technology and speed in the providers' offers table. Expected values come from the API.
import type { APIRequestContext, Page } from '@playwright/test';
import { VectorTile } from '@mapbox/vector-tile';
import { cellToLatLng } from 'h3-js';
import { PbfReader } from 'pbf';
import { AreaPanelDriver } from './support/area-driver';
import { loadDemoTown, squareAroundTown, type DemoTown } from './support/demo-town';
import { FixedLayerDriver, hexTipNumbers } from './support/fixed-layer';
import { expect, test } from './support/fixtures';
import { tileAt } from './support/hex-tile';
import { MapDriver } from './support/map-driver';
import { grouped } from './support/planner-text';
import { ReportDriver } from './support/report-driver';
import { apiGet, apiPost, fabricVintages } from './support/service-api';

interface ApiProvider {
  provider_id: number;
  brand_name: string;
  frn: string;
  locationcount: number;
}
interface ApiReportProvider {
  provider_id: number;
  served_locations: number;
  reached_locations: number;
  offered: { technology: number; locations: number[]; units: number[] }[];
}
interface ApiReport {
  coverage: string;
  status: Record<'served' | 'underserved' | 'unserved', { locations: number }>;
  providers: ApiReportProvider[];
}

let town: DemoTown;
test.beforeAll(async () => {
  town = await loadDemoTown();
});

type Cells = Map<string, Record<string, number>>;

/** The cells of the service's /fixedhex tile over the town, under the provider filter or not. */
async function hexCells(
  request: APIRequestContext,
  at: { coverage: string; fabric: string },
  provider: number | null,
): Promise<Cells> {
  const [x, y] = tileAt(town.lng, town.lat, 11);
  const only = provider === null ? '' : `&provider=${provider}`;
  const path = `/api/coverage/${at.coverage}/fixedhex/11/${x}/${y}.pbf?fabric=${at.fabric}${only}`;
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const layer = new VectorTile(new PbfReader(new Uint8Array(await response.body()))).layers
    .fixed_hex!;
  const cells: Cells = new Map();
  for (let i = 0; i < layer.length; i++) {
    const p = layer.feature(i).properties;
    cells.set(String(p.h3), p as Record<string, number>);
  }
  return cells;
}

/** The cell nearest the town whose unserved count the provider filter changes. */
function changedCell(all: Cells, one: Cells): string {
  const changed = [...one].filter(([h3, c]) => all.get(h3)?.unserved !== c.unserved && c.bsls! > 0);
  const away = (h3: string) => {
    const [lat, lng] = cellToLatLng(h3);
    return (lat - town.lat) ** 2 + (lng - town.lng) ** 2;
  };
  expect(changed.length, 'cells the provider filter changes').toBeGreaterThan(0);
  return changed.map(([h3]) => h3).sort((a, b) => away(a) - away(b))[0]!;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test('a provider found by brand filters the map, the hexagons and the report alike', async ({
  page,
  request,
}) => {
  const fabric = (await fabricVintages(request)).at(-1)!;
  const list = await apiGet<{ coverage: string; providers: ApiProvider[] }>(
    request,
    `/fabricext/${fabric}/providers?maxresults=100`,
  );
  // The provider serving most of the town (a satellite provider may claim more and serve none).
  const around = squareAroundTown(town, 0.01);
  const serving = await apiPost<ApiReport>(request, `/fabricext/${fabric}/report`, around);
  const provider = list.providers.find((p) => p.provider_id === serving.providers[0]!.provider_id)!;
  const word = provider.brand_name.split(' ')[0]!;

  const map = new MapDriver(page);
  await page.goto(`/#map=11.5/${town.lat}/${town.lng}`);
  await map.waitForIdle();

  // Found by a word of its brand, chosen with the keyboard.
  const search = page.getByRole('combobox', { name: 'Search address' });
  await search.fill(word);
  const option = page.getByRole('option', { name: new RegExp(provider.brand_name) });
  await expect(option).toBeVisible();
  const options = await page.getByRole('option').allTextContents();
  const index = options.findIndex((t) => t.includes(provider.brand_name));
  for (let k = 0; k <= index; k++) await search.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');

  const chip = page.getByTestId('provider-filter-bar');
  await expect(chip).toContainText(provider.brand_name);
  expect(new URL(page.url()).searchParams.get('prov')).toBe(String(provider.provider_id));
  const layer = new FixedLayerDriver(page, map);
  await expect(page.getByTestId('fixed:filters-summary')).toContainText(
    `${provider.brand_name} only`,
  );
  await map.waitForIdle();

  // A hexagon's counts on hover, at a cell the provider changes: the service's under it.
  const release = { coverage: list.coverage, fabric };
  const one = await hexCells(request, release, provider.provider_id);
  const cell = changedCell(await hexCells(request, release, null), one);
  const [cellLat, cellLng] = cellToLatLng(cell);
  const { x, y } = await map.project(cellLng, cellLat);
  await page.mouse.move(x, y);
  await expect(layer.hexTip).toHaveAttribute('data-h3', cell);
  const shown = hexTipNumbers((await layer.hexTip.textContent()) ?? '');
  const api = one.get(cell)!;
  const pct = (n: number) => (api.bsls! > 0 ? Math.round((n / api.bsls!) * 100) : 0);
  expect(shown).toEqual({
    locations: api.locations,
    bsls: api.bsls,
    unservedPct: pct(api.unserved!),
    underservedPct: pct(api.underserved!),
  });
  await layer.openFilters();
  await expect(page.getByTestId('provider-filter-panel')).toContainText(provider.brand_name);
  await shot(page, 'filters-1280');
  await page.keyboard.press('Escape');

  // An area's report under the provider: what its row of the providers table says unfiltered.
  await page.goto(`/${new URL(page.url()).search}#map=14/${town.lat}/${town.lng}`);
  await map.waitForIdle();
  const panel = new AreaPanelDriver(page, map);
  await panel.open();
  const asked = page.waitForRequest(
    (r) => r.url().includes('/report?') && r.url().includes(`provider=${provider.provider_id}`),
    // Drawing's code comes on first use: on a busy machine the draw alone may take a while.
    { timeout: 60_000 },
  );
  await panel.drawRectangle(140);
  const coverage = new URL((await asked).url()).searchParams.get('coverage')!;
  const report = new ReportDriver(page, panel);
  await expect(report.total).toBeVisible();
  const area = await panel.storedArea();
  const path = `/fabricext/${fabric}/report?coverage=${coverage}`;
  const plain = await apiPost<ApiReport>(request, path, area);
  const only = await apiPost<ApiReport>(request, `${path}&provider=${provider.provider_id}`, area);
  const row = plain.providers.find((p) => p.provider_id === provider.provider_id);
  expect(row, 'the provider serves in the drawn area').toBeDefined();
  expect(only.status.served.locations).toBe(row!.served_locations);
  expect(row!.served_locations).toBeGreaterThan(0);
  const status = await report.rows('status');
  expect(status[0]!.slice(0, 2)).toEqual(['Served', grouped(row!.served_locations)]);
  const offered = await report.rows('offered');
  expect(offered.map((r) => r.slice(1))).toEqual(
    only.providers.flatMap((p) =>
      p.offered.map((o) => o.locations.flatMap((n, k) => [grouped(n), grouped(o.units[k]!)])),
    ),
  );
  await report.table('offered').scrollIntoViewIfNeeded();
  await shot(page, 'offered-1280');
  for (const width of [768, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await report.table('offered').scrollIntoViewIfNeeded();
    await shot(page, `offered-${width}`);
    // However narrow, the legend says whose claims the map shows.
    await expect(page.getByTestId('fixed:filters-summary')).toContainText(
      `${provider.brand_name} only`,
    );
    await shot(page, `bar-${width}`);
  }
});
