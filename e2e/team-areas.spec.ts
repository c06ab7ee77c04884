// Areas that follow the planner (APP_AUTH=password): a planner's areas drawn before signing in
// are offered for upload once; after it, a second browser of theirs shows the same areas, and a
// colleague sees the one they share read-only, with their name, and can copy it.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { enterDrawMode } from './support/area-driver';
import { expect, test, watchPage } from './support/fixtures';
import { PASSWORD, expectAtApp, startSignedInApp, type SignedInApp } from './support/signed-in-app';

let app: SignedInApp;

test.beforeAll(async () => {
  app = await startSignedInApp(['ana', 'ben']);
});

test.afterAll(async () => {
  await app?.close();
});

const LOCAL_AREAS = ['Field north', 'Field south', 'River bend'].map((name, i) => ({
  id: `local-${i}`,
  name,
  source: 'draw',
  createdAt: 1_700_000_000_000 + i,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [-90 + i, 40],
        [-89.9 + i, 40],
        [-89.9 + i, 40.1],
        [-90 + i, 40],
      ],
    ],
  },
}));

/** A browser of its own, signed in as `name`, in Draw mode; its page problems fail the test. */
async function signedIn(browser: Browser, name: string, seed = false) {
  const context = await browser.newContext();
  if (seed)
    await context.addInitScript((areas) => {
      for (const area of areas)
        localStorage.setItem(`coverage-explorer:area:${area.id}`, JSON.stringify(area));
    }, LOCAL_AREAS);
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${app.url}/`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectAtApp(page, app.url);
  await enterDrawMode(page);
  return { context, page, problems };
}

const mine = (page: Page) =>
  page.getByRole('list', { name: 'Saved areas' }).getByRole('textbox', { name: 'Area name' });

/** The names of my areas as listed, in order. */
const namesOf = (page: Page) =>
  mine(page).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

async function serverAreas(context: BrowserContext) {
  const res = await context.request.get(`${app.url}/api/areas`);
  return ((await res.json()) as { areas: { name: string; shared: boolean }[] }).areas;
}

test('areas follow the planner to a second browser, and a shared one reaches a colleague read-only', async ({
  browser,
}) => {
  // Three browsers, each loading the map: more than one page's time.
  test.slow();
  const first = await signedIn(browser, 'ana', true);
  const upload = first.page.getByRole('button', { name: 'Upload 3 areas from this browser' });
  await upload.click();
  await expect(mine(first.page)).toHaveCount(3);
  await expect.poll(async () => (await serverAreas(first.context)).length).toBe(3);
  await first.page.getByRole('switch', { name: 'Share Field north with the team' }).check();
  await expect
    .poll(async () => (await serverAreas(first.context)).filter((a) => a.shared).map((a) => a.name))
    .toEqual(['Field north']);
  // Asked once: not again in this browser after a reload.
  await first.page.reload();
  await enterDrawMode(first.page);
  await expect(mine(first.page)).toHaveCount(3);
  await expect(upload).toHaveCount(0);

  const second = await signedIn(browser, 'ana');
  await expect
    .poll(() => namesOf(second.page))
    .toEqual(['Field north', 'Field south', 'River bend']);
  await expect(second.page.getByRole('button', { name: /^Upload/ })).toHaveCount(0);

  const colleague = await signedIn(browser, 'ben');
  const shared = colleague.page.getByRole('list', { name: 'Areas shared by colleagues' });
  await expect(shared.getByRole('listitem')).toHaveCount(1);
  await expect(shared).toContainText('Field north');
  await expect(shared).toContainText('by ana, read-only');
  await expect(shared.getByRole('textbox')).toHaveCount(0);
  await expect(shared.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await shared.getByRole('button', { name: 'Copy Field north by ana to my areas' }).click();
  await expect.poll(() => namesOf(colleague.page)).toEqual(['Field north (from ana)']);

  for (const { context, problems } of [first, second, colleague]) {
    expect(problems).toEqual([]);
    await context.close();
  }
});
