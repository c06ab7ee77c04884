// The planner's first view: the JavaScript it fetches (compressed, as the app server sends it)
// stays within a budget, and the parts fetched when first used (drawing, the area panel, the
// location panel) are not among it; a part whose code fails to load says so and loads on Retry.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { MapDriver } from './support/map-driver';
import { MAP_LAYER } from './support/map-layers';

/**
 * Brotli bytes of the first view's code, MapLibre's worker apart (it runs beside the page). The
 * goal is 350 kB. The first view's modules are built as one file (vite.config.ts: compressed
 * together they share one brotli window, where seven files measured about 6 kB more), and the
 * Filters panel, the Settings form, the notice about unreadable areas and the search's "Use as
 * area" offer are fetched on first use. It measures 348.1 kB (348,136 bytes in 2 files); the
 * budget is kept just above.
 */
const FIRST_VIEW_JS_BUDGET = 349_000;
/** The worker is not the page's code (it runs beside the page). */
const NOT_CODE = /maplibre-gl-worker/;
/** The whole country's boundaries as one file, which the first view no longer fetches. */
const WHOLE_COUNTRY = /(states|counties)-10m/;
const BOUNDARY_TILE = /\/boundaries\/tiles\/\d+\/\d+\/\d+\.pbf$/;
const LAZY_PARTS = /\/assets\/(DrawMode|AreaPanel|LocationPanel|HexPanel|MobileCoverageLayer)-/;
const DRAW_CHUNK = /\/assets\/DrawMode-[^/]+\.js$/;

function recordScripts(page: Page) {
  const scripts: { url: string; bytes: Promise<number>; coding: Promise<string | null> }[] = [];
  page.on('requestfinished', (request) => {
    if (!/\.m?js$/.test(new URL(request.url()).pathname)) return;
    scripts.push({
      url: request.url(),
      bytes: request.sizes().then((s) => s.responseBodySize),
      coding: request.response().then((r) => r?.headers()['content-encoding'] ?? null),
    });
  });
  return scripts;
}

test('the first view fetches its JavaScript compressed and within budget, Draw’s only on heading for it', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const map = new MapDriver(page);
  await page.goto('/');
  await map.expectRendered(MAP_LAYER.countyFill);
  await map.waitForIdle();

  const code = scripts.filter((s) => !NOT_CODE.test(s.url));
  const sizes = await Promise.all(code.map((s) => s.bytes));
  // Files under 1 kB are sent as they are (precompress.ts); every other one as brotli.
  for (const [i, s] of code.entries())
    if (sizes[i]! >= 1024) expect(await s.coding, s.url).toBe('br');
  const total = sizes.reduce((a, b) => a + b, 0);
  console.log(`first view JavaScript: ${total} bytes brotli in ${code.length} files`);
  expect(total).toBeLessThanOrEqual(FIRST_VIEW_JS_BUDGET);
  expect(scripts.map((s) => s.url).filter((u) => LAZY_PARTS.test(u))).toEqual([]);
  // The boundaries came as the tiles of the view, never as the whole country.
  expect(requested.filter((u) => WHOLE_COUNTRY.test(u))).toEqual([]);
  expect(requested.filter((u) => BOUNDARY_TILE.test(u)).length).toBeGreaterThan(0);

  // Heading for Draw (the button focused, not yet pressed) fetches its code.
  const drawChunk = page.waitForRequest(DRAW_CHUNK, { timeout: 10_000 });
  const draw = page.getByRole('button', { name: 'Draw area' });
  await draw.focus();
  await drawChunk;
  await expect(draw).toHaveAttribute('aria-pressed', 'false');
  await draw.click();
  await expect(page.getByRole('region', { name: 'Area summary' })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Draw area' })).toBeVisible();
});

test('a part whose code fails to load says so, and Retry loads it', async ({ page, pageGuard }) => {
  pageGuard.allowFailures(DRAW_CHUNK);
  // React logs the error its boundary caught, from the app's own bundle.
  pageGuard.allowFailures(/\/assets\/index-[^/]+\.js$/);
  let refuse = true;
  await page.route(DRAW_CHUNK, (route) => (refuse ? route.abort('failed') : route.continue()));
  const map = new MapDriver(page);
  await page.goto('/');
  await map.waitForIdle();
  await page.getByRole('button', { name: 'Draw area' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'The drawing tools did not load' });
  await expect(failed).toBeVisible();

  refuse = false;
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(failed).toBeHidden();
  await expect(page.getByRole('toolbar', { name: 'Draw area' })).toBeVisible();
});
