// The views the workspace parity spec reads in both apps, each as a planner reaches it (a URL, a
// click, a search) and read back as the text and map features shown, so two apps can be
// compared figure by figure. Each reader waits until its view has finished loading.
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { AreaPanelDriver } from './area-driver';
import { LocationPanelDriver } from './location-driver';
import { MapDriver } from './map-driver';
import { MAP_LAYER } from './map-layers';

/** The release a compare view compares the app's (newest) with. */
export interface Release {
  fabric: string;
  coverage: string;
}

// A part of a panel still on its way says so in words ("Loading providers…").
const PENDING = /Loading|Checking|Finding|Connecting|Summarizing|…/;

/** A region's visible text once nothing in it is loading and two reads agree. */
export async function settledText(region: Locator): Promise<string> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await region.innerText();
        const settled = now === last && !PENDING.test(now);
        last = now;
        return settled;
      },
      { message: 'the panel finished loading', intervals: [100, 200, 400] },
    )
    .toBe(true);
  return last;
}

/** Features drawn in layers, as sorted JSON lines (tile seams may repeat one: kept, both sides alike). */
async function drawn(map: MapDriver, layers: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const layer of layers)
    for (const f of await map.renderedFeatures(layer)) out.push(JSON.stringify([layer, f]));
  return out.sort();
}

const HEX_LAYERS = [MAP_LAYER.fixedHexFill, MAP_LAYER.fixedHexFew];

/** The start view: the county's fixed broadband hexagons and the legend's figures. */
export async function startView(page: Page, base: string) {
  const map = new MapDriver(page);
  await page.goto(`${base}/`);
  await map.expectRendered(MAP_LAYER.fixedHexFill);
  await map.waitForIdle();
  const legend = page.getByRole('region', { name: 'Fixed broadband', exact: true });
  await expect(legend.getByTestId('fixed:hex-total')).toBeVisible();
  return { hexagons: await drawn(map, HEX_LAYERS), legend: await settledText(legend) };
}

/** A click at street zoom on a location: the location panel, every part loaded. */
export async function locationView(page: Page, base: string, at: { lng: number; lat: number }) {
  const map = new MapDriver(page);
  await page.goto(`${base}/#map=18/${at.lat}/${at.lng}`);
  await map.waitForIdle();
  await map.clickAt(at.lng, at.lat);
  const panel = new LocationPanelDriver(page);
  await expect(panel.providersTable).toBeVisible();
  await expect(panel.timeline).toBeVisible();
  return {
    panel: await settledText(panel.region),
    providers: await panel.providers(),
    history: await panel.historySteps(),
  };
}

/** Compare releases over views in turn (one page): each one's card counts and change features. */
export async function compareViews(
  page: Page,
  base: string,
  withRelease: Release,
  views: { lng: number; lat: number; zoom: number }[],
) {
  const map = new MapDriver(page);
  const query = `?wcv=${withRelease.coverage}&wv=${withRelease.fabric}`;
  const [first] = views;
  await page.goto(`${base}/${query}#map=${first!.zoom}/${first!.lat}/${first!.lng}`);
  const card = page.getByRole('region', { name: 'Compare releases' });
  const out: { card: string; features: string[] }[] = [];
  for (const view of views) {
    await map.jumpTo(view);
    // Locations' rings from street zoom, net-change hexagons further out.
    const counted = view.zoom >= 13 ? 'compare:changed' : 'compare:hex-net';
    await expect(card.getByTestId(counted)).toBeVisible();
    const features = await drawn(map, [
      'fixed-change',
      'fixed-change-hex-fill',
      'fixed-change-hex-few',
    ]);
    expect(features.length, `change features drawn at zoom ${view.zoom}`).toBeGreaterThan(0);
    out.push({ card: await settledText(card), features });
  }
  return out;
}

/** Draw mode opened at base over the county at `at`, and that county picked: its area panel. */
export async function pickCounty(page: Page, base: string, at: { lng: number; lat: number }) {
  const map = new MapDriver(page);
  await page.goto(`${base}/#map=9/${at.lat}/${at.lng}`);
  await map.waitForIdle();
  const panel = new AreaPanelDriver(page, map);
  await panel.open();
  await map.clickAt(at.lng, at.lat);
  await page.getByRole('button', { name: 'Use this county' }).click();
  return panel;
}

/** The county's report (Draw area → a click on the county → Use this county), then its location list. */
export async function countyReportView(page: Page, base: string, at: { lng: number; lat: number }) {
  // The Blob path of the download: a save dialog cannot be answered here.
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  const panel = await pickCounty(page, base, at);
  await expect(panel.region.getByTestId('report:total')).toBeVisible({ timeout: 60_000 });
  const report = await settledText(panel.region);
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await panel.region.getByRole('button', { name: 'Download location list (CSV)' }).click();
  const file = await download;
  const list = await readFile((await file.path())!, 'utf8');
  return { report, list, listName: file.suggestedFilename() };
}

/** A town or ZIP code typed in the search box: the options offered, and where Enter flies. */
export async function placeSearchView(page: Page, base: string, texts: string[]) {
  const map = new MapDriver(page);
  await page.goto(`${base}/`);
  await map.waitForIdle();
  const box = page.getByRole('combobox', { name: /Search address/ });
  const out: {
    text: string;
    options: string[];
    view: { lng: number; lat: number; zoom: number };
  }[] = [];
  for (const text of texts) {
    await box.fill(text);
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    const shown = await settledText(page.getByRole('listbox'));
    await box.press('Enter');
    await map.waitForIdle();
    out.push({ text, options: shown.split('\n'), view: await map.view() });
  }
  return out;
}
