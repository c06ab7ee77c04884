// The layout at a desktop, a tablet and a phone width: with a location open and every legend
// open, while drawing (panel open, then hidden behind "Show panel"), and with the search list
// open, no two of the things a planner uses overlap (measured as element boxes), each stays
// on screen, the location panel scrolls as one, and the page never scrolls sideways. The
// Filters and Layers panels open inside the window; on a phone the top bar keeps to two rows.
// Each state is also saved as a screenshot to look at.
import type { Page, TestInfo } from '@playwright/test';
import { enterDrawMode } from './support/area-driver';
import { expect, test } from './support/fixtures';
import { loadDemoPoints } from './support/demo-points';
import { loadDemoTown, type DemoTown } from './support/demo-town';
import {
  boxesOf,
  legendCards,
  openLegends,
  outside,
  overlaps,
  pageOverflow,
  scrollers,
} from './support/layout-boxes';
import { LocationPanelDriver } from './support/location-driver';
import { MapDriver } from './support/map-driver';
import { MobileLayerDriver } from './support/mobile-layer';
import { foldButton, unfoldTopBar } from './support/top-bar';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 768, height: 900 },
  { width: 390, height: 844 },
];

/**
 * The top bar's height on a 390 px phone: two rows (the search, then the mode and the
 * "Layers & filters" disclosure) measure 101 px; four rows of controls measured 189.
 */
const PHONE_TOP_BAR_MAX = 110;

let town: DemoTown;
test.beforeAll(async () => {
  town = await loadDemoTown();
});

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** What sits over or beside the map, by role and name; absent ones are skipped. */
async function layout(page: Page, map: MapDriver) {
  const named = {
    'top bar': page.getByRole('banner'),
    'side panel': page.getByRole('complementary', { name: 'Details' }),
    'Show panel': page.getByRole('button', { name: 'Show panel' }),
    'draw toolbar': page.getByRole('toolbar', { name: 'Draw area' }),
    'zoom in': page.getByRole('button', { name: 'Zoom in' }),
    'zoom out': page.getByRole('button', { name: 'Zoom out' }),
    attribution: map.attribution,
  } as Record<string, ReturnType<Page['getByRole']>>;
  for (const [i, card] of (await legendCards(page).all()).entries()) {
    named[`legend ${i + 1} (${(await card.getByRole('heading').textContent())?.trim()})`] = card;
  }
  return boxesOf(named);
}

async function expectNoOverlap(page: Page, map: MapDriver, expected: string[]) {
  const boxes = await layout(page, map);
  const names = boxes.map((b) => b.name);
  for (const name of expected)
    expect(
      names.some((n) => n.startsWith(name)),
      name,
    ).toBe(true);
  expect(overlaps(boxes)).toEqual([]);
  const size = page.viewportSize()!;
  expect(outside(boxes, size.width, size.height)).toEqual([]);
  expect(await pageOverflow(page)).toEqual({ x: 0, y: 0 });
}

for (const { width, height } of SIZES) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('a location with every legend open: nothing overlaps, the panel scrolls as one', async ({
      page,
    }, testInfo) => {
      const { points } = await loadDemoPoints();
      const map = new MapDriver(page);
      await page.goto(`/?loc=${points.Parcel.locationId}`);
      const panel = new LocationPanelDriver(page);
      await panel.expectShown(points.Parcel.locationId);
      await expect(panel.providersTable).toBeVisible();
      await new MobileLayerDriver(page, map).turnOn();
      await map.waitForIdle();
      expect(await openLegends(page)).toEqual(
        expect.arrayContaining(['Fixed broadband', 'Mobile coverage']),
      );
      await map.waitForIdle();
      await expectNoOverlap(page, map, ['side panel', 'legend 1', 'legend 2', 'zoom in']);

      // One scroll container: the panel's body, and it does scroll (the panel is longer).
      const aside = page.getByRole('complementary', { name: 'Details' });
      expect(await scrollers(aside)).toHaveLength(1);
      await shoot(page, testInfo, `location-${width}`);
    });

    test('drawing, with the panel open and then hidden: toolbar, legends and Show panel apart', async ({
      page,
    }, testInfo) => {
      const map = new MapDriver(page);
      await page.goto('/');
      await map.jumpTo({ lng: town.lng, lat: town.lat, zoom: 15 });
      await new MobileLayerDriver(page, map).turnOn();
      await enterDrawMode(page);
      await map.waitForIdle();
      await openLegends(page);
      // The panel starts hidden where it would cover the map; open it first.
      const show = page.getByRole('button', { name: 'Show panel' });
      if (await show.isVisible()) await show.click();
      await expect(page.getByRole('complementary', { name: 'Details' })).toBeVisible();
      await map.waitForIdle();
      await expectNoOverlap(page, map, ['side panel', 'draw toolbar', 'legend 1', 'legend 2']);
      await shoot(page, testInfo, `draw-${width}`);

      await page.getByRole('button', { name: 'Hide panel' }).click();
      await map.waitForIdle();
      await expectNoOverlap(page, map, ['Show panel', 'draw toolbar', 'legend 1', 'legend 2']);
      await shoot(page, testInfo, `draw-hidden-panel-${width}`);
    });

    test('the Filters and Layers panels open inside the window, below their buttons', async ({
      page,
    }, testInfo) => {
      await page.goto('/');
      await unfoldTopBar(page);
      const bar = page.getByRole('banner');
      const panels = {
        Filters: page.getByRole('group', { name: 'Fixed broadband filters' }),
        Layers: page.getByRole('group', { name: 'Map layers' }),
      };
      for (const [name, panel] of Object.entries(panels)) {
        const button = bar.getByRole('button', { name, exact: true });
        await button.click();
        await expect(panel).toBeVisible();
        const boxes = await boxesOf({ [`${name} panel`]: panel, [`${name} button`]: button });
        expect(boxes.map((b) => b.name)).toEqual([`${name} panel`, `${name} button`]);
        expect(outside(boxes, width, height)).toEqual([]);
        expect(overlaps(boxes)).toEqual([]);
        // Nothing in it is cut at its sides, and its last control scrolls into the window.
        expect(await panel.evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
        const last = panel.getByRole(name === 'Filters' ? 'button' : 'checkbox').last();
        await last.scrollIntoViewIfNeeded();
        expect(outside(await boxesOf({ last }), width, height)).toEqual([]);
        expect(await pageOverflow(page)).toEqual({ x: 0, y: 0 });
        await shoot(page, testInfo, `${name.toLowerCase()}-${width}`);
        await page.keyboard.press('Escape');
        await expect(panel).toBeHidden();
        await expect(button).toBeFocused();
      }
    });

    test('the search list fits the screen', async ({ page }, testInfo) => {
      await page.goto('/');
      const box = page.getByRole('combobox', { name: 'Search address' });
      await box.fill(town.name);
      const list = page.getByRole('listbox', { name: 'Address suggestions' });
      await expect(list.getByRole('option').first()).toBeVisible();
      const popup = list.locator('xpath=..');
      const boxes = await boxesOf({ 'search list': popup, 'search box': box });
      expect(boxes.map((b) => b.name)).toEqual(['search list', 'search box']);
      expect(outside(boxes, width, height)).toEqual([]);
      expect(overlaps(boxes)).toEqual([]);
      // Nothing in the list is cut at its sides or pushes the page sideways.
      expect(await popup.evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
      expect((await pageOverflow(page)).x).toBe(0);
      await shoot(page, testInfo, `search-${width}`);
    });
  });
}

test.describe('390 px top bar', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('two rows: search and mode in view, the rest behind one disclosure, by keyboard too', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('combobox', { name: 'Search address' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Draw area' })).toBeVisible();
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(PHONE_TOP_BAR_MAX);
    await shoot(page, testInfo, 'top-bar-390');

    // Folded, the releases and menus are out of view and out of the accessibility tree.
    const named = [
      ['combobox', 'Fabric vintage'],
      ['combobox', 'Coverage vintage'],
      ['button', 'Filters'],
      ['button', 'Layers'],
      ['button', 'Settings'],
    ] as const;
    const folded = named.map(([role, name]) => bar.getByRole(role, { name, exact: true }));
    for (const control of folded) await expect(control).toBeHidden();

    // The keyboard unfolds them, and Tab goes on into what was revealed, in reading order.
    const fold = foldButton(page);
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await fold.focus();
    await page.keyboard.press('Enter');
    await expect(fold).toHaveAttribute('aria-expanded', 'true');
    for (const control of folded) await expect(control).toBeVisible();
    const revealed = page.locator(`[id="${await fold.getAttribute('aria-controls')}"]`);
    for (const [role, name] of named)
      await expect(revealed.getByRole(role, { name, exact: true })).toHaveCount(1);
    for (const control of folded.slice(0, 2)) {
      await page.keyboard.press('Tab');
      await expect(control).toBeFocused();
    }
    await shoot(page, testInfo, 'top-bar-390-unfolded');

    await fold.focus();
    await page.keyboard.press('Enter');
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    for (const control of folded) await expect(control).toBeHidden();
  });
});
