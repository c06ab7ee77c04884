// Add to workspace from the app: an app server on the real service's published operations (the
// reference service behind the published-only proxy) with the demo county synced; the planner
// picks the neighbour county in Draw mode, which the workspace does not hold, adds it, sees
// what it costs, starts, watches it, and gets the neighbour's report with the same figures the
// embedded demo shows for it.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { pickCounty, settledText } from './support/parity-views';
import { startWorkspacePair, type WorkspacePair } from './support/workspace-pair';

let pair: WorkspacePair;
let at: { lng: number; lat: number };

test.beforeAll(async () => {
  pair = await startWorkspacePair({ neighbour: true });
  // The neighbour is the fabric's county 0 (counties in GEOID order); a location inside it.
  const { county, lng, lat } = pair.fabric.locations;
  const i = county!.indexOf(0);
  at = { lng: lng[i]!, lat: lat[i]! };
});
test.afterAll(async () => {
  await pair?.close();
});

/** The neighbour picked in Draw mode at base; the area panel. */
const pickNeighbour = (page: Page, base: string) => pickCounty(page, base, at);

test('adds a county from the app: its cost first, then progress, then its report', async ({
  page,
}, testInfo) => {
  const demo = await page.context().newPage();
  const demoPanel = await pickNeighbour(demo, pair.demoUrl);
  await expect(demoPanel.region.getByTestId('report:total')).toBeVisible({ timeout: 60_000 });
  const expected = await settledText(demoPanel.region);
  await demo.close();

  const panel = await pickNeighbour(page, pair.workspaceUrl);
  await expect(panel.region.getByTestId('report:unsupported')).toContainText(
    'is not in the workspace',
  );
  const add = panel.region.getByRole('button', { name: 'Add to workspace' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: /to the workspace/ });
  await expect(dialog.getByTestId('workspace:cost')).toContainText(
    /This adds Christian County: [\d,]+ locations/,
  );
  await expect(dialog.getByRole('row', { name: /Location records \(bulk\)/ })).toBeVisible();
  await expect(dialog.getByTestId('workspace:total')).toContainText(/\d credits, /);
  const start = dialog.getByRole('button', { name: 'Start' });
  await expect(start).toBeFocused();
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    const path = testInfo.outputPath(`workspace-add-cost-${width}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`workspace-add-cost-${width}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // A slow service, so the progress can be seen; then at full speed to the end.
  pair.slowDown(150);
  await page.keyboard.press('Enter');
  const progress = dialog.getByTestId('workspace:progress');
  await expect(progress).toContainText(/\d+ of [\d,]+ requests/);
  await expect(dialog.getByRole('progressbar', { name: 'Requests sent' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('workspace-add-progress-1280.png') });
  pair.slowDown(0);
  await expect(dialog.getByTestId('workspace:done')).toContainText('is in the workspace', {
    timeout: 60_000,
  });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The button that opened it gave way to the report: the focus is on the tab's panel.
  await expect(panel.region.getByRole('tabpanel')).toBeFocused();

  // The new workspace answers: the badge names two counties, the report the demo's figures.
  await expect(page.getByTestId('backend-badge')).toHaveText(`Workspace · ${pair.upstreamHost}`);
  await expect(panel.region.getByTestId('report:total')).toBeVisible({ timeout: 60_000 });
  expect(await settledText(panel.region)).toEqual(expected);
  expect(pair.proxyCounts()['unpublished report'] ?? 0).toBe(0);
});
