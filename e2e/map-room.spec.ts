// Room to see the map at a desktop, a tablet and a phone width: at the start, after a search,
// in Draw mode with a county's report, comparing at street zoom and with mobile coverage on,
// the cards and panels leave a stated share of the map, what was just found (the searched
// location, the county's middle) is under no card, a drawing tool's clicks reach the map
// through the legends, and no card's content is cut. One page per width; each state is saved
// as a screenshot to look at (the README's set comes from these).
import type { Page, TestInfo } from '@playwright/test';
import { enterDrawMode } from './support/area-driver';
import { loadDemoPoints } from './support/demo-points';
import { loadDemoTown } from './support/demo-town';
import { expect, test } from './support/fixtures';
import {
  foldLegends,
  legendCards,
  openLegends,
  overlaps,
  pageOverflow,
} from './support/layout-boxes';
import { LocationPanelDriver } from './support/location-driver';
import { MapDriver } from './support/map-driver';
import { clippedCards, coversAt, mapAndCovers, visibleShare } from './support/map-room';
import { MobileLayerDriver } from './support/mobile-layer';

/**
 * The least share of the map beside the side panel that the cards leave at the start and in
 * Draw mode (legends open at first on a desktop only). Measured: 0.80 and 0.71 at 1280 px,
 * 0.96 and 0.84 at 768, 0.93 and 0.69 at 390 (the toolbar's two rows of tools); the side panel
 * leaves 0.55 of the map where it floats over it.
 */
const SIZES = [
  { width: 1280, height: 800, startShare: 0.75, drawShare: 0.65 },
  { width: 768, height: 900, startShare: 0.85, drawShare: 0.75 },
  { width: 390, height: 844, startShare: 0.85, drawShare: 0.6 },
];
const COMPARE = { coverage: '202412', fabric: '202412' };

/** The middle of the map beside the side panel, in page pixels. */
async function mapMiddle(page: Page): Promise<[number, number]> {
  const { map, covers } = await mapAndCovers(page);
  const panel = covers.find((c) => c.name === 'side panel');
  const right = panel && panel.x > map.x + 1 ? panel.x : map.x + map.width;
  const bottom = panel && panel.x <= map.x + 1 ? panel.y : map.y + map.height;
  return [(map.x + right) / 2, (map.y + bottom) / 2];
}

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * No two covers overlap; the side panel leaves at least half the map, and the cards at least
 * `least` of what it leaves. The covers, for the checks that follow.
 */
async function expectRoom(page: Page, least: number) {
  expect(await pageOverflow(page)).toEqual({ x: 0, y: 0 });
  const { map, covers } = await mapAndCovers(page);
  expect(overlaps(covers)).toEqual([]);
  const panel = covers.filter((c) => c.name === 'side panel');
  const besidePanel = visibleShare(map, panel);
  const share = visibleShare(map, covers) / besidePanel;
  expect(besidePanel, 'share of the map beside the panel').toBeGreaterThanOrEqual(0.5);
  expect(share, 'share of that no card covers').toBeGreaterThanOrEqual(least);
  return covers;
}

for (const { width, height, startShare, drawShare } of SIZES) {
  test(`${width} px: the map keeps its room, and what was found is under no card`, async ({
    page,
    pageGuard,
  }, testInfo) => {
    test.setTimeout(150_000);
    // A county's report starts past maxcount: 422 on purpose, then split.
    pageGuard.allowFailures('/report');
    await page.setViewportSize({ width, height });
    const [town, { points }] = await Promise.all([loadDemoTown(), loadDemoPoints()]);
    const map = new MapDriver(page);

    // The start view.
    await page.goto('/');
    await map.waitForIdle();
    await expectRoom(page, startShare);
    expect(await clippedCards(page)).toEqual([]);
    await shoot(page, testInfo, `start-${width}`);

    // A searched location lands where no card or panel covers it, every legend open (where
    // they fit beside the map: on a phone they start folded and open ones fill it).
    if (width >= 768) await openLegends(page);
    const { lng, lat } = points.FootprintParcel;
    await new LocationPanelDriver(page).searchPoint(points.FootprintParcel);
    await map.waitForIdle();
    let covers = await expectRoom(page, 0);
    expect(coversAt(await map.project(lng, lat), covers)).toEqual([]);
    await shoot(page, testInfo, `search-${width}`);
    // Back to this width's defaults (the choice is remembered).
    if (width < 900) await foldLegends(page);

    // Draw mode: a county's report, its middle under no card once it is flown to.
    await page.goto(`/#map=9/${town.lat}/${town.lng}`);
    await map.waitForIdle();
    await enterDrawMode(page);
    await map.waitForIdle();
    await expectRoom(page, drawShare);
    // The town, or a spot a few km from it (still the county) where no card or the map's
    // attribution line lies over the small map left at 390 px.
    const spots = [0, 0.04, -0.04].flatMap((dx) =>
      [0, 0.04, -0.04].map((dy) => ({ lng: town.lng + dx, lat: town.lat + dy })),
    );
    const spot = await firstUncovered(map, spots);
    await map.clickAt(spot.lng, spot.lat);
    await page.getByRole('button', { name: 'Use this county' }).click();
    const show = page.getByRole('button', { name: 'Show panel' });
    if (await show.isVisible()) await show.click();
    await expect(page.getByTestId('report:total')).toBeVisible({ timeout: 60_000 });
    await map.waitForIdle();
    const county = (await (await page.request.get('/boundaries/counties/17167.json')).json()) as {
      geometry: { coordinates: number[][][] };
    };
    const ring = county.geometry.coordinates[0]!;
    const middle = (i: 0 | 1) =>
      (Math.min(...ring.map((p) => p[i]!)) + Math.max(...ring.map((p) => p[i]!))) / 2;
    covers = await expectRoom(page, 0);
    expect(coversAt(await map.project(middle(0), middle(1)), covers)).toEqual([]);
    await shoot(page, testInfo, `draw-report-${width}`);

    // With a polygon under way, a click on a legend card reaches the map: its first vertex in
    // the middle of the map beside the panel, then each card's middle is the map's.
    await page.getByRole('button', { name: 'Polygon' }).click();
    await page.mouse.click(...(await mapMiddle(page)));
    for (const card of await legendCards(page).all()) {
      const box = (await card.boundingBox())!;
      const under = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.tagName,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(under, 'what a click on the card reaches').toBe('CANVAS');
    }
    await page.getByRole('button', { name: 'Polygon' }).click();

    // Comparing at street zoom: the compare card's classes are all there to read.
    await page.goto(
      `/?wcv=${COMPARE.coverage}&wv=${COMPARE.fabric}#map=15/${town.lat}/${town.lng}`,
    );
    await map.waitForIdle();
    await openLegends(page);
    await expect(page.getByTestId('compare:changed')).toBeVisible();
    await map.waitForIdle();
    await expectRoom(page, 0);
    expect(await clippedCards(page)).toEqual([]);
    await shoot(page, testInfo, `compare-${width}`);

    // Mobile coverage on, every legend open: nothing cut, nothing over another.
    await page.goto(`/#map=14/${town.lat}/${town.lng}`);
    await new MobileLayerDriver(page, map).turnOn();
    await openLegends(page);
    await map.waitForIdle();
    await expectRoom(page, 0);
    expect(await clippedCards(page)).toEqual([]);
    await shoot(page, testInfo, `mobile-${width}`);
  });
}

/** The first of `spots` on the map with nothing drawn over it. */
async function firstUncovered(map: MapDriver, spots: { lng: number; lat: number }[]) {
  for (const spot of spots) if ((await map.coveredAt(spot.lng, spot.lat)) === null) return spot;
  throw new Error('every spot is covered');
}
