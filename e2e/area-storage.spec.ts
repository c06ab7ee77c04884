// Saved areas are never lost: with the browser's storage full (filled for real, up to its
// quota), with unreadable text stored before the app loads, and with two tabs editing at once.
// Each case checks what is stored, what the planner is told, and that every area is still
// there (or downloadable) afterwards.
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { enterDrawMode } from './support/area-driver';
import { expect, test } from './support/fixtures';
import { MapDriver } from './support/map-driver';

const AREA_PREFIX = 'coverage-explorer:area:';
const LEGACY_KEY = 'coverage-explorer:areas:v1';

const panel = (page: Page) => page.getByRole('region', { name: 'Area summary' });
const areaList = (page: Page) => panel(page).getByRole('list', { name: 'Saved areas' });
const areaNames = (page: Page) =>
  areaList(page)
    .getByRole('textbox', { name: 'Area name' })
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

/** Opens the app in Draw mode; returns the map's centre, where the test's areas go. */
async function openDrawMode(page: Page): Promise<{ lng: number; lat: number }> {
  const map = new MapDriver(page);
  await page.goto('/');
  await map.waitForIdle();
  await enterDrawMode(page);
  await expect(panel(page)).toBeVisible();
  return map.view();
}

/** A closed ring of `n` vertices around a point: a few KB of GeoJSON, like a traced ward. */
function circle(at: { lng: number; lat: number }, radius: number, n = 64): GeoJSON.Polygon {
  const ring: GeoJSON.Position[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    ring.push([at.lng + radius * Math.cos(a), at.lat + radius * Math.sin(a)]);
  }
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

async function importArea(page: Page, name: string, geometry: GeoJSON.Polygon) {
  const feature = { type: 'Feature', properties: {}, geometry };
  await page.getByLabel('GeoJSON file').setInputFiles({
    name: `${name}.geojson`,
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify(feature)),
  });
}

/** Stored areas' names, oldest first, straight from localStorage. */
async function storedNames(page: Page): Promise<string[]> {
  return page.evaluate((prefix) => {
    const areas: { name: string; createdAt: number }[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith(prefix) && !key.includes('.corrupt-'))
        areas.push(JSON.parse(localStorage.getItem(key)!) as { name: string; createdAt: number });
    }
    return areas.sort((a, b) => a.createdAt - b.createdAt).map((a) => a.name);
  }, AREA_PREFIX);
}

/** Fills localStorage for real until at most `room` more characters fit. */
async function fillStorage(page: Page, room: number): Promise<number> {
  return page.evaluate((leave) => {
    let size = 0;
    for (let step = 16_000_000; step >= 1; step = Math.floor(step / 2)) {
      try {
        localStorage.setItem('test-filler', 'x'.repeat(size + step));
        size += step;
      } catch {
        // Past the quota: a smaller step.
      }
    }
    localStorage.setItem('test-filler', 'x'.repeat(size - leave));
    return size;
  }, room);
}

/** Nothing sticks out sideways: the part fits the viewport and the page does not scroll. */
async function expectNoOverflow(page: Page, part: Locator) {
  const width = page.viewportSize()!.width;
  const box = (await part.first().boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
  const overflow = await part.first().evaluate((el) => {
    const all = [el, ...el.querySelectorAll('*')];
    return all.filter((e) => e.scrollWidth > e.clientWidth + 1 && e.tagName !== 'INPUT').length;
  });
  expect(overflow).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** axe-core finds nothing wrong in the new controls (contrast, names, roles). */
async function expectAccessible(page: Page, part: Locator) {
  // axe takes a CSS selector: the part, found by role, is marked for the one run.
  await part.evaluate((el) => el.setAttribute('data-axe-part', ''));
  const { violations } = await new AxeBuilder({ page }).include('[data-axe-part]').analyze();
  await part.evaluate((el) => el.removeAttribute('data-axe-part'));
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function screenshotAt(page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: 800 });
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
}

test.describe('saved areas are never lost', () => {
  test('storage full: the area stays, marked unsaved, exports, and saves on retry', async ({
    page,
  }) => {
    const centre = await openDrawMode(page);
    const quota = await fillStorage(page, 200);
    expect(quota).toBeGreaterThan(1_000_000);
    const geometry = circle(centre, 0.01);
    await importArea(page, 'ward-3', geometry);

    const notice = page.getByRole('toolbar', { name: 'Draw area' }).getByRole('alert');
    await expect(notice).toContainText('Not saved: browser storage is full');
    await expect(notice).toContainText('Export it as GeoJSON or delete old areas');
    await expect(notice).not.toContainText('Imported');
    const item = areaList(page).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Not saved: browser storage is full.');
    await expect(item.getByRole('textbox', { name: 'Area name' })).toHaveAccessibleDescription(
      'Not saved: browser storage is full.',
    );
    expect(await storedNames(page)).toEqual([]);

    await expectAccessible(page, areaList(page));
    await expectAccessible(page, notice);
    await screenshotAt(page, 1280, 'storage-full');
    await expectNoOverflow(page, item);
    await expectNoOverflow(page, notice);
    await screenshotAt(page, 390, 'storage-full');
    await expectNoOverflow(page, item);
    await expectNoOverflow(page, notice);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Export, from the keyboard: the file is the area, ready to import again.
    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: 'Export ward-3 as GeoJSON' }).focus();
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe('ward-3-area.geojson');
    const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as GeoJSON.Feature;
    // The area as imported, kept on the link's grid (about 1 m, README "Area sources and
    // sharing") so a shared link counts the same locations.
    expect(exported.geometry.type).toBe(geometry.type);
    const flat = (g: GeoJSON.Geometry) =>
      JSON.stringify(g)
        .match(/-?\d+\.?\d*/g)!
        .map(Number);
    const [got, sent] = [flat(exported.geometry), flat(geometry)];
    expect(got).toHaveLength(sent.length);
    got.forEach((v, k) => expect(Math.abs(v - sent[k]!)).toBeLessThan(2e-5));
    expect(exported.properties).toEqual({ name: 'ward-3' });

    // Leaving now would lose it: the browser asks first (the planner stays).
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.evaluate(() => void location.reload());
    expect(await asked).toBe('beforeunload');
    await expect(item).toContainText('Not saved');

    // Room is freed (as deleting old data would); Retry save stores it and says so.
    await page.evaluate(() => localStorage.removeItem('test-filler'));
    await item.getByRole('button', { name: 'Retry saving ward-3' }).click();
    await expect(item).not.toContainText('Not saved');
    await expect(page.getByRole('toolbar', { name: 'Draw area' })).toContainText('Saved ward-3.');
    expect(await storedNames(page)).toEqual(['ward-3']);
    await page.reload();
    await enterDrawMode(page);
    expect(await areaNames(page)).toEqual(['ward-3']);
  });

  test('storage corrupted: unreadable text is copied aside, reported, downloadable, and kept', async ({
    page,
  }) => {
    const centre = await openDrawMode(page);
    const kept = {
      id: 'kept',
      name: 'Kept',
      geometry: circle(centre, 0.01),
      source: 'draw',
      createdAt: 1,
    };
    const crossing = {
      ...kept,
      id: 'crossing',
      name: 'Crossing',
      // A bow-tie: the import rules refuse it, so loading must too.
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [centre.lng - 0.01, centre.lat - 0.01],
            [centre.lng + 0.01, centre.lat + 0.01],
            [centre.lng + 0.01, centre.lat - 0.01],
            [centre.lng - 0.01, centre.lat + 0.01],
            [centre.lng - 0.01, centre.lat - 0.01],
          ],
        ],
      },
    };
    // An older build's list, cut off mid-write, and two areas under their own keys.
    const truncated = JSON.stringify({ areas: [kept] }).slice(0, 120);
    const crossingText = JSON.stringify(crossing);
    const seed = {
      [LEGACY_KEY]: truncated,
      [`${AREA_PREFIX}kept`]: JSON.stringify(kept),
      [`${AREA_PREFIX}crossing`]: crossingText,
    };
    await page.evaluate((items) => {
      for (const [key, text] of Object.entries(items)) localStorage.setItem(key, text);
    }, seed);
    await page.reload();
    await new MapDriver(page).waitForIdle();

    const notice = page.getByRole('region', { name: /could not be read/ });
    await expect(notice.getByRole('alert')).toContainText('2 saved areas could not be read.');
    await expect(notice.getByRole('alert')).toContainText('Nothing was deleted');
    const copies = notice.getByRole('list', { name: 'Set-aside areas' }).getByRole('listitem');
    await expect(copies).toHaveCount(2);
    await expect(copies.filter({ hasText: 'The saved-area list' })).toContainText(
      'It is not a readable list of areas.',
    );
    await expect(copies.filter({ hasText: 'Area “Crossing”' })).toContainText(
      'Ring 1 crosses itself.',
    );

    // The exact text is kept under another key; the originals no longer hold the bad text.
    const stored = await page.evaluate(() => {
      const all: Record<string, string> = {};
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i)!;
        all[key] = localStorage.getItem(key)!;
      }
      return all;
    });
    const legacyCopy = Object.keys(stored).find((k) => k.startsWith(`${LEGACY_KEY}.corrupt-`));
    expect(legacyCopy && stored[legacyCopy]).toBe(truncated);
    const crossingCopy = Object.keys(stored).find((k) =>
      k.startsWith(`${AREA_PREFIX}crossing.corrupt-`),
    );
    expect(crossingCopy && stored[crossingCopy]).toBe(crossingText);
    expect(stored[LEGACY_KEY]).toBeUndefined();
    expect(stored[`${AREA_PREFIX}crossing`]).toBeUndefined();

    await expectAccessible(page, notice);
    for (const width of [1280, 390]) {
      await screenshotAt(page, width, 'storage-corrupted');
      await expectNoOverflow(page, notice);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Download gives back exactly what was stored.
    const download = page.waitForEvent('download');
    await copies
      .filter({ hasText: 'The saved-area list' })
      .getByRole('button', { name: /^Download/ })
      .click();
    const file = await download;
    expect(await readFile((await file.path())!, 'utf8')).toBe(truncated);

    // The readable area is there; a new area does not replace any copy.
    await enterDrawMode(page);
    expect(await areaNames(page)).toEqual(['Kept']);
    await importArea(page, 'ward-9', circle(centre, 0.005));
    await expect(areaList(page).getByRole('listitem')).toHaveCount(2);
    expect(await storedNames(page)).toEqual(['Kept', 'ward-9']);

    // Deleting a copy asks first; the other copy is still listed after a reload.
    page.once('dialog', (dialog) => void dialog.accept());
    await copies
      .filter({ hasText: 'The saved-area list' })
      .getByRole('button', { name: /^Delete the set-aside copy/ })
      .click();
    await expect(copies).toHaveCount(1);
    await page.reload();
    await expect(notice.getByRole('alert')).toContainText('A saved area could not be read.');
    await expect(copies).toContainText('Area “Crossing”');
    const left = await page.evaluate((key) => localStorage.getItem(key), crossingCopy!);
    expect(left).toBe(crossingText);
  });

  test('two tabs: additions, renames and deletions reach the other tab, nothing is lost', async ({
    page,
  }) => {
    const other = await page.context().newPage();
    const [centre] = await Promise.all([openDrawMode(page), openDrawMode(other)]);

    // Both tabs import at the same moment; each sees both areas.
    await Promise.all([
      importArea(page, 'north', circle({ ...centre, lat: centre.lat + 0.02 }, 0.005)),
      importArea(other, 'south', circle({ ...centre, lat: centre.lat - 0.02 }, 0.005)),
    ]);
    for (const tab of [page, other]) {
      await expect(areaList(tab).getByRole('listitem')).toHaveCount(2);
      expect((await areaNames(tab)).toSorted()).toEqual(['north', 'south']);
    }

    // A rename in one tab shows in the other.
    await areaList(other)
      .getByRole('textbox', { name: 'Area name' })
      .nth((await areaNames(other)).indexOf('south'))
      .fill('South side');
    await expect
      .poll(() => areaNames(page).then((n) => n.toSorted()))
      .toEqual(['South side', 'north']);

    // A deletion in one tab removes the area in the other, while that tab adds another.
    await areaList(page).getByRole('button', { name: 'Delete north' }).click();
    await importArea(other, 'east', circle({ ...centre, lng: centre.lng + 0.03 }, 0.005));
    for (const tab of [page, other]) {
      await expect
        .poll(() => areaNames(tab).then((n) => n.toSorted()))
        .toEqual(['South side', 'east']);
    }
    expect((await storedNames(page)).toSorted()).toEqual(['South side', 'east']);

    await page.reload();
    await enterDrawMode(page);
    await expect
      .poll(() => areaNames(page).then((n) => n.toSorted()))
      .toEqual(['South side', 'east']);
    await other.close();
  });
});
