// The fixed broadband layer in the browser: what the map draws at a location, the panel's
// badge and the rule applied to the service's own bdcfixed records agree under several filter
// sets; a filter change re-shades the locations without fetching their tiles again (hexagons
// are recounted by the service, so they are fetched); locations outside the release never get
// a BEAD status; a hexagon's counts equal a summarize of the same cell (at state zoom, of its
// res-7 children, which is what a coarse hexagon counts); the filters survive a reload and
// travel in a link. Expected values come from /api, never from app code.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { cellToBoundary, cellToChildren, cellsToMultiPolygon, latLngToCell } from 'h3-js';
import { loadDemoPoints, type DemoPoints } from './support/demo-points';
import {
  BADGE_TEXT,
  BEAD_DEFAULTS,
  expectedStatus,
  filterParams,
  type DrawnStatus,
  type Filters,
} from './support/fixed-expect';
import { FixedLayerDriver, hexTipNumbers } from './support/fixed-layer';
import { expect, test } from './support/fixtures';
import { LocationPanelDriver } from './support/location-driver';
import type { ApiFixedOffer, ApiLocation } from './support/location-expect';
import { MAP_LAYER } from './support/map-layers';
import { MapDriver } from './support/map-driver';
import { monthYear } from './support/planner-text';
import { apiGet, apiPost, fabricVintages } from './support/service-api';

/** The filter sets tried, from the BEAD defaults to plain thresholds with a technology. */
const SETTINGS: Filters[] = [
  BEAD_DEFAULTS,
  { audience: 'residential', speed: '1000/100', tech: 'any', lowLatency: false },
  { audience: 'residential', speed: '100/20', tech: 'fiber', lowLatency: false },
  { audience: 'business', speed: '25/3', tech: 'satellite', lowLatency: true },
  { audience: 'residential', speed: '250/25', tech: 'wired', lowLatency: true },
];

let demo: Promise<DemoPoints> | undefined;
const points = () => (demo ??= loadDemoPoints());

interface Subject {
  id: number;
  lng: number;
  lat: number;
  /** The expected status under each of SETTINGS. */
  expected: DrawnStatus[];
}

async function latestCoverageVintage(request: APIRequestContext): Promise<string> {
  const list = await apiGet<string[]>(request, '/coverage/vintages?type=bdc');
  return [...list].sort().at(-1)!;
}

/**
 * A demo location whose status differs across the filter sets (at least three statuses), so
 * a map that ignored a filter could not pass: chosen by the rule over the API's records.
 */
async function pickSubject(request: APIRequestContext): Promise<Subject> {
  const p = await points();
  const cv = await latestCoverageVintage(request);
  for (const c of [p.points.FootprintParcel, ...p.timing, p.newcomer]) {
    const offers = await apiGet<ApiFixedOffer[]>(
      request,
      `/coverage/bdcfixed?location_id=${c.locationId}&vintage=${cv}`,
    );
    const expected = SETTINGS.map((f) => expectedStatus(offers, f));
    if (new Set(expected).size >= 3) return { id: c.locationId, lng: c.lng, lat: c.lat, expected };
  }
  throw new Error('no demo location changes status across the filter sets');
}

async function open(page: Page, path: string) {
  const map = new MapDriver(page);
  await page.goto(path);
  await map.waitForIdle();
  return { map, layer: new FixedLayerDriver(page, map), panel: new LocationPanelDriver(page) };
}

test.describe('fixed broadband layer', () => {
  test.beforeAll(async () => {
    await points();
  });

  test('a location is drawn in the status its badge shows and the rule gives, under five filter sets', async ({
    page,
    request,
  }) => {
    const s = await pickSubject(request);
    const { map, layer, panel } = await open(
      page,
      `/?loc=${s.id}&${filterParams(SETTINGS[0]!)}#map=17/${s.lat}/${s.lng}`,
    );
    await panel.expectShown(s.id);
    for (const [i, filters] of SETTINGS.entries()) {
      if (i > 0) {
        await layer.setFilters(filters);
        await map.waitForIdle();
      }
      const want = s.expected[i]!;
      const where = `${s.id} under ${JSON.stringify(filters)}`;
      await expect.poll(() => layer.drawnStatuses(s.id, s), { message: where }).toEqual([want]);
      await expect(panel.beadStatus, where).toHaveText(BADGE_TEXT[want]);
      await expect(layer.count(want)).not.toHaveText('0');
    }
  });

  test('a filter change re-shades the locations without fetching their tiles again', async ({
    page,
    request,
  }) => {
    const s = await pickSubject(request);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(r.url()));
    const tiles = (kind: 'fixedtiles' | 'fixedhex') =>
      fetched.filter((u) => u.includes(`/${kind}/`)).length;
    const { map, layer } = await open(
      page,
      `/?${filterParams(SETTINGS[0]!)}#map=16/${s.lat}/${s.lng}`,
    );
    const before = tiles('fixedtiles');
    expect(before, 'location tiles fetched on opening').toBeGreaterThan(0);
    await expect.poll(() => layer.drawnStatuses(s.id, s)).toEqual([s.expected[0]]);
    // Speed, then technology: each re-shades the same location from the tiles already held.
    for (const i of [1, 2]) {
      await layer.setFilters(SETTINGS[i]!);
      await map.waitForIdle();
      await expect.poll(() => layer.drawnStatuses(s.id, s)).toEqual([s.expected[i]]);
      expect(tiles('fixedtiles'), `location tiles after filter set ${i}`).toBe(before);
    }
    // Hexagons are counted by the service under the filters: a change fetches them anew.
    await map.jumpTo({ lng: s.lng, lat: s.lat, zoom: 11 });
    const hexes = tiles('fixedhex');
    expect(hexes, 'hexagon tiles fetched at zoom 11').toBeGreaterThan(0);
    await layer.setFilters(SETTINGS[0]!);
    await map.waitForIdle();
    expect(tiles('fixedhex')).toBeGreaterThan(hexes);
    expect(tiles('fixedtiles')).toBe(before);
  });

  test('a retired location and one not yet in the coverage release show no BEAD status', async ({
    page,
    request,
  }) => {
    const releases = await apiGet<{ vintage: string; svcversion?: number; cqaversion?: string }[]>(
      request,
      '/fabric/vintages',
    );
    const version = (v: { svcversion?: number; cqaversion?: string }) =>
      Number(v.svcversion ?? v.cqaversion);
    const sorted = [...releases].sort((a, b) => version(a) - version(b));
    const current = sorted.at(-1)!;
    const historyOf = async (id: number) => {
      const [h] = await apiGet<Record<string, number>[]>(
        request,
        `/fabricext/${current.vintage}/history?location_id=${id}`,
      );
      expect(h, `history of ${id}`).toBeDefined();
      return {
        first: Number(h!.firstsvcversion ?? h!.firstcqaversion),
        last: Number(h!.lastsvcversion ?? h!.lastcqaversion),
      };
    };

    // The retired location: last listed before the current release.
    const retired = 1000000556;
    const gone = await historyOf(retired);
    expect(gone.last, 'retired before the current release').toBeLessThan(version(current));
    const retiredIn = sorted.find((v) => version(v) > gone.last)!;
    expect(
      await apiGet<unknown[]>(request, `/coverage/bdcfixed?location_id=${retired}`),
      'no offers at the newest coverage vintage',
    ).toEqual([]);
    const first = await open(page, `/?loc=${retired}`);
    await expect(first.panel.beadStatus).toHaveText('Not in this release');
    const rule = first.panel.region.getByTestId('location-panel:status-rule');
    await expect(rule).toContainText(`Retired in ${monthYear(retiredIn.vintage)}`);
    await expect(rule).toContainText('No BEAD status');
    await expect(first.panel.region.getByText(/^(Served|Underserved|Unserved)$/)).toHaveCount(0);

    // The new location, at the coverage vintage before it was first listed.
    const newcomer = 1000399731;
    const added = await historyOf(newcomer);
    const addedIn = sorted.find((v) => version(v) === added.first)!;
    const before = sorted.filter((v) => version(v) < added.first).at(-1)!;
    expect(
      await apiGet<unknown[]>(
        request,
        `/coverage/bdcfixed?location_id=${newcomer}&vintage=${before.vintage}`,
      ),
    ).toEqual([]);
    const [record] = await apiGet<ApiLocation[]>(
      request,
      `/fabric/${current.vintage}/data/locations?location_id=${newcomer}`,
    );
    const at = { lng: Number(record!.longitude), lat: Number(record!.latitude) };
    const second = await open(
      page,
      `/?loc=${newcomer}&cv=${before.vintage}#map=17/${at.lat}/${at.lng}`,
    );
    await expect(second.panel.beadStatus).toHaveText('Not in this release');
    const why = second.panel.region.getByTestId('location-panel:status-rule');
    await expect(why).toContainText(`Added in ${monthYear(addedIn.vintage)}`);
    await expect(why).toContainText(`after the ${monthYear(before.vintage)}`);
    await expect(second.panel.region.getByText(/^(Served|Underserved|Unserved)$/)).toHaveCount(0);
    // On the map it is drawn apart too, never in a BEAD colour.
    await expect.poll(() => second.layer.drawnStatuses(newcomer, at)).toEqual(['notinrelease']);
  });

  /** A summarize of an area: its locations and BSLs. */
  async function summarized(request: APIRequestContext, vintage: string, area: GeoJSON.Polygon) {
    const summary = await apiPost<{
      locationcount: number;
      data: { locationcount: number; bsl_flag: number | string }[];
    }>(request, `/fabricext/${vintage}/summarize?field=bsl_flag`, area);
    const bsls = summary.data
      .filter((row) => Number(row.bsl_flag) === 1)
      .reduce((sum, row) => sum + row.locationcount, 0);
    return { locations: summary.locationcount, bsls };
  }

  for (const { zoom, res } of [
    { zoom: 11.5, res: 8 },
    { zoom: 9.5, res: 7 },
  ]) {
    test(`a hexagon's counts on hover equal a summarize of the cell (zoom ${zoom}, res ${res}${res === 7 ? ', then state zoom' : ''})`, async ({
      page,
      request,
    }, testInfo) => {
      const [vintage] = (await fabricVintages(request)).slice(-1);
      const p = await points();
      const centre = p.points.FootprintParcel;
      const { map, layer } = await open(page, `/#map=${zoom}/${centre.lat}/${centre.lng}`);
      const cell = latLngToCell(centre.lat, centre.lng, res);
      const { x, y } = await map.project(centre.lng, centre.lat);
      await page.mouse.move(x, y);
      await expect(layer.hexTip).toBeVisible();
      await expect(layer.hexTip).toHaveAttribute('data-h3', cell);
      const shown = hexTipNumbers((await layer.hexTip.textContent()) ?? '');

      const ring = cellToBoundary(cell, true);
      const summary = await summarized(request, vintage!, {
        type: 'Polygon',
        coordinates: [ring],
      });
      expect(shown.locations, `locations in ${cell}`).toBe(summary.locations);
      // The coverage vintage is the fabric's own release here, so every BSL is in it.
      expect(shown.bsls, `BSLs in ${cell}`).toBe(summary.bsls);
      expect(shown.locations).toBeGreaterThan(0);
      if (res !== 7) return;

      // State zoom on the same page, Illinois whole: res-5 hexagons are drawn, and the one
      // under the pointer counts the locations of its res-7 children (the coarse levels follow
      // the H3 hierarchy): a summarize of the outline of those children finds the same.
      await map.jumpTo({ lng: -89.2, lat: 39.9, zoom: 6 });
      await map.waitForIdle();
      await map.expectRendered(MAP_LAYER.fixedHexFill);
      const coarse = latLngToCell(centre.lat, centre.lng, 5);
      const at = await map.project(centre.lng, centre.lat);
      await page.mouse.move(at.x + 1, at.y);
      await expect(layer.hexTip).toHaveAttribute('data-h3', coarse);
      const state = hexTipNumbers((await layer.hexTip.textContent()) ?? '');
      const outline = cellsToMultiPolygon(cellToChildren(coarse, 7), true);
      expect(outline, `the res-7 children of ${coarse} make one polygon`).toHaveLength(1);
      const counted = await summarized(request, vintage!, {
        type: 'Polygon',
        coordinates: outline[0]!,
      });
      expect(state.locations, `locations in ${coarse}`).toBe(counted.locations);
      expect(state.bsls, `BSLs in ${coarse}`).toBe(counted.bsls);
      expect(state.locations).toBeGreaterThan(shown.locations);
      const path = testInfo.outputPath('fixed-state-1280.png');
      await page.screenshot({ path });
      await testInfo.attach('fixed-state-1280', {
        body: await readFile(path),
        contentType: 'image/png',
      });
    });
  }

  test('the filters survive a reload and travel in a shared link', async ({ page, browser }) => {
    const chosen: Filters = {
      audience: 'business',
      speed: '250/25',
      tech: 'fiber',
      lowLatency: true,
    };
    const { layer } = await open(page, '/');
    expect(await layer.shownFilters()).toEqual(BEAD_DEFAULTS);
    await layer.setFilters(chosen);
    const url = new URL(page.url());
    expect(
      Object.fromEntries(['aud', 'spd', 'tech', 'll'].map((k) => [k, url.searchParams.get(k)])),
    ).toEqual({
      aud: 'business',
      spd: '250/25',
      tech: 'fiber',
      ll: '1',
    });
    await expect(layer.legend).toContainText('Business · 250/25 Mbps, low latency · Fiber only');

    await page.reload();
    expect(await layer.shownFilters()).toEqual(chosen);
    // Coming back without a link (a bookmark of the bare app): the filters were kept.
    const back = await open(page, '/');
    expect(await back.layer.shownFilters()).toEqual(chosen);
    expect(new URL(page.url()).searchParams.get('tech')).toBe('fiber');

    // Another browser (nothing stored) opening the link sees the sender's filters...
    const other = await browser.newContext();
    try {
      const guest = await other.newPage();
      const shared = await open(guest, url.pathname + url.search);
      expect(await shared.layer.shownFilters()).toEqual(chosen);
      // ...and a link's bad values fall back to their defaults, its good ones still apply.
      const bad = await open(guest, '/?spd=9000&tech=warp&aud=business&ll=maybe');
      expect(await bad.layer.shownFilters()).toEqual({ ...BEAD_DEFAULTS, audience: 'business' });
    } finally {
      await other.close();
    }
  });

  for (const width of [1280, 768, 390]) {
    test(`street and county zoom at ${width} px (screenshots)`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const p = await points();
      const at = p.points.FootprintParcel;
      for (const [name, zoom] of [
        ['street', 16],
        ['county', 9.6],
      ] as const) {
        const { layer } = await open(page, `/#map=${zoom}/${at.lat}/${at.lng}`);
        await expect(layer.legend).toBeVisible();
        const box = (await layer.legend.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        const path = testInfo.outputPath(`fixed-${name}-${width}.png`);
        await page.screenshot({ path });
        await testInfo.attach(`fixed-${name}-${width}`, {
          body: await readFile(path),
          contentType: 'image/png',
        });
      }
    });
  }
});
