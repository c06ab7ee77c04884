// A team's server with password sign-in (APP_AUTH=password): a planner who opens the app is
// sent to the sign-in page, signs in, gets the map with their name in the top bar, signs out,
// and is back at the sign-in page, which the app's pages stay behind.
import {
  PASSWORD,
  seeMapThenSignOut,
  startSignedInApp,
  type SignedInApp,
} from './support/signed-in-app';
import { expect, test } from './support/fixtures';

let app: SignedInApp;

test.beforeAll(async () => {
  app = await startSignedInApp(['ana']);
});

test.afterAll(async () => {
  await app?.close();
});

test('sign in, see the map and who is signed in, sign out, and be back at the sign-in page', async ({
  page,
}) => {
  await page.goto(`${app.url}/`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2F$/);
  await page.getByLabel('Name').fill('ana');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await seeMapThenSignOut(page, app.url, 'ana');

  await page.goto(`${app.url}/`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2F/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
