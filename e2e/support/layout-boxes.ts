// The page's layout as boxes: what a planner sees at a given width, found by role and name,
// measured with getBoundingClientRect, and checked pairwise for overlap and against the
// viewport. Used by the small-screen spec at 1280, 768 and 390 px.
import { expect, type Locator, type Page } from '@playwright/test';

export interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box of each element that is shown; missing or hidden ones are left out. */
export async function boxesOf(named: Record<string, Locator>): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const [name, locator] of Object.entries(named)) {
    if ((await locator.count()) !== 1 || !(await locator.isVisible())) continue;
    const box = await locator.boundingBox();
    if (box && box.width > 0 && box.height > 0) boxes.push({ name, ...box });
  }
  return boxes;
}

/** Pairs of boxes sharing more than half a pixel each way, as "a × b". */
export function overlaps(boxes: readonly Box[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (w > 0.5 && h > 0.5)
        found.push(`${a.name} × ${b.name} (${Math.round(w)}×${Math.round(h)} px)`);
    }
  }
  return found;
}

/** Boxes reaching past the viewport's edges. */
export function outside(boxes: readonly Box[], width: number, height: number): string[] {
  return boxes
    .filter(
      (b) =>
        b.x < -0.5 || b.y < -0.5 || b.x + b.width > width + 0.5 || b.y + b.height > height + 0.5,
    )
    .map(
      (b) =>
        `${b.name} at ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}`,
    );
}

/**
 * The legend cards over the map: sections whose title is a disclosure button (a heading
 * holding a button that says whether it is expanded), as CollapsibleLegend renders them.
 */
export function legendCards(page: Page): Locator {
  return page.locator('section:has(> header > h2 > button[aria-expanded])');
}

/** Opens every folded legend card (a phone folds them at first). */
export async function openLegends(page: Page): Promise<string[]> {
  const cards = legendCards(page);
  const titles: string[] = [];
  for (const card of await cards.all()) {
    const toggle = card.getByRole('heading').getByRole('button');
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    titles.push((await toggle.textContent())?.trim() ?? '');
  }
  return titles;
}

/** Folds every open legend card, so clicks on the map are not caught by a card over it. */
export async function foldLegends(page: Page): Promise<void> {
  for (const card of await legendCards(page).all()) {
    const toggle = card.getByRole('heading').getByRole('button');
    if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  }
}

/** Elements inside `root` (itself included) that scroll vertically and have more to show. */
export async function scrollers(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const all = [element, ...element.querySelectorAll('*')];
    return all
      .filter((e) => {
        const style = getComputedStyle(e);
        return /auto|scroll/.test(style.overflowY) && e.scrollHeight > e.clientHeight + 1;
      })
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}${e.className ? `.${String(e.className).split(' ')[0]}` : ''}`,
      );
  });
}

/** How far the page itself scrolls each way (0 when it does not). */
export async function pageOverflow(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => ({
    x: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    y: document.documentElement.scrollHeight - document.documentElement.clientHeight,
  }));
}
