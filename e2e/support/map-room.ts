// How much of the map a planner sees: the map's box against the cards and panels over it, as
// element boxes (layout-boxes.ts), and whether a card's content is all there to read.
import { expect, type Locator, type Page } from '@playwright/test';
import { boxesOf, legendCards, type Box } from './layout-boxes';
import type { MapDriver } from './map-driver';

/** The map's box and what sits over it: cards, the Draw toolbar, the side panel. */
export async function mapAndCovers(page: Page): Promise<{ map: Box; covers: Box[] }> {
  const [map] = await boxesOf({ map: page.getByRole('region', { name: 'Map' }) });
  expect(map, 'the map is shown').toBeDefined();
  const named: Record<string, Locator> = {
    'side panel': page.getByRole('complementary', { name: 'Details' }),
    'Show panel': page.getByRole('button', { name: 'Show panel' }),
    'draw toolbar': page.getByRole('toolbar', { name: 'Draw area' }),
  };
  for (const [i, card] of (await legendCards(page).all()).entries()) named[`card ${i + 1}`] = card;
  return { map: map!, covers: await boxesOf(named) };
}

const clip = (b: Box, to: Box) => {
  const w = Math.min(b.x + b.width, to.x + to.width) - Math.max(b.x, to.x);
  const h = Math.min(b.y + b.height, to.y + to.height) - Math.max(b.y, to.y);
  return w > 0 && h > 0 ? w * h : 0;
};

/** The share of the map's box no cover takes (covers do not overlap: layout-boxes checks). */
export function visibleShare(map: Box, covers: readonly Box[]): number {
  const covered = covers.reduce((sum, c) => sum + clip(c, map), 0);
  return 1 - covered / (map.width * map.height);
}

/** The covers a page point falls under, by name; [] when the map shows there. */
export function coversAt(point: { x: number; y: number }, covers: readonly Box[]): string[] {
  return covers
    .filter(
      (c) =>
        point.x >= c.x && point.x <= c.x + c.width && point.y >= c.y && point.y <= c.y + c.height,
    )
    .map((c) => c.name);
}

/**
 * Open legend cards whose content is cut: a card taller inside than its box that does not
 * scroll, or whose last row cannot be brought into its box by scrolling.
 */
export async function clippedCards(page: Page): Promise<string[]> {
  const cut: string[] = [];
  for (const card of await legendCards(page).all()) {
    if ((await card.getAttribute('data-open')) !== 'true') continue;
    const title = (await card.getByRole('heading').textContent())?.trim() ?? '?';
    const { overflows, scrolls } = await card.evaluate((e) => ({
      overflows: e.scrollHeight > e.clientHeight + 1,
      scrolls: /auto|scroll/.test(getComputedStyle(e).overflowY),
    }));
    if (overflows && !scrolls) cut.push(`${title}: taller than its box and does not scroll`);
    const last = card.locator('li, p').last();
    if ((await last.count()) === 0) continue;
    await last.scrollIntoViewIfNeeded();
    const [row, box, map] = await boxesOf({
      row: last,
      card,
      map: page.getByRole('region', { name: 'Map' }),
    });
    if (!row || !box || !map) continue;
    // Inside its card, and the card inside the map: scrolling the card, not the page, shows it.
    const inside = (a: Box, b: Box) => a.y >= b.y - 1 && a.y + a.height <= b.y + b.height + 1;
    if (!inside(row, box)) cut.push(`${title}: its last row stays outside it`);
    if (!inside(box, map)) cut.push(`${title}: reaches past the map`);
  }
  return cut;
}

/**
 * The map's padding leaves a part no card or panel overlaps (a pixel's rounding aside), and its
 * middle, the map's centre, is the page point returned.
 */
export async function expectVisibleMiddle(
  page: Page,
  map: MapDriver,
): Promise<{ x: number; y: number }> {
  const visible = { name: 'visible', ...(await map.visibleBox()) };
  const { covers } = await mapAndCovers(page);
  const inset = { ...visible, x: visible.x + 1, y: visible.y + 1 };
  inset.width -= 2;
  inset.height -= 2;
  // The Show panel button is a small tab at the map's edge, not a card: the padding leaves it.
  const over = covers
    .filter((c) => c.name !== 'Show panel' && clip(c, inset) > 0)
    .map((c) => c.name);
  expect(over, 'cards or panels over the part of the map its padding leaves').toEqual([]);
  return { x: visible.x + visible.width / 2, y: visible.y + visible.height / 2 };
}

/**
 * What the map was flown to (a found address) shows in the middle of the part of the map its
 * padding leaves, within a pixel or two, and no card or panel overlaps that part: a flight that
 * ignores the padding, or padding that misses a card, fails.
 */
export async function expectInVisibleMiddle(
  page: Page,
  map: MapDriver,
  at: { lng: number; lat: number },
): Promise<void> {
  const middle = await expectVisibleMiddle(page, map);
  const shown = await map.project(at.lng, at.lat);
  expect(Math.abs(shown.x - middle.x), 'across, from the visible middle').toBeLessThan(2);
  expect(Math.abs(shown.y - middle.y), 'down, from the visible middle').toBeLessThan(2);
}
