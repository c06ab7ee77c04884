// A team's server with OpenID Connect sign-in (APP_AUTH=oidc) against a real provider started
// here on loopback: a planner signs in on the provider's own pages, gets the map with their
// name, signs out; someone outside the allowed group is refused with a page that says so.
import type { Page } from '@playwright/test';
import {
  CLIENT,
  startIdentityProvider,
  type IdentityProvider,
} from '../server/app/auth/testing/identity-provider';
import { expect, test, type PageGuard } from './support/fixtures';
import { seeMapThenSignOut, startSignedInApp, type SignedInApp } from './support/signed-in-app';

let idp: IdentityProvider;
let app: SignedInApp;

test.beforeAll(async () => {
  idp = await startIdentityProvider({ ana: ['planners'], eve: ['visitors'] });
  app = await startSignedInApp([], {
    APP_AUTH: 'oidc',
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_ALLOWED_GROUPS: 'planners',
  });
  idp.register(`${app.url}/sign-in/callback`);
});

test.afterAll(async () => {
  await app?.close();
  await idp?.close();
});

/**
 * The provider's development pages ask for a web font (no internet here) and a favicon it does
 * not have: their failures are the fixture's, not the app's.
 */
function allowProviderPages(pageGuard: PageGuard) {
  pageGuard.allowFailures(idp.issuer);
  pageGuard.allowFailures('https://fonts.googleapis.com/');
}

/** Submits the provider's page and waits for the next one. */
async function submit(page: Page) {
  const from = page.url();
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.href !== from);
}

/** The provider's development form (any password), then its consent page when it asks. */
async function signInAtProvider(page: Page, login: string) {
  const interaction = `${idp.issuer}/interaction/`;
  await expect(page).toHaveURL(new RegExp(`^${interaction}`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await submit(page);
  if (page.url().startsWith(interaction)) await submit(page);
}

test('sign in at the provider, see the map with who is signed in, and sign out', async ({
  page,
  pageGuard,
}) => {
  allowProviderPages(pageGuard);
  await page.goto(`${app.url}/`);
  await signInAtProvider(page, 'ana');
  await seeMapThenSignOut(page, app.url, 'ana');
});

test('someone outside the allowed group is refused with a page that says so', async ({
  page,
  pageGuard,
}) => {
  allowProviderPages(pageGuard);
  pageGuard.allowFailures('/sign-in/callback');
  await page.goto(`${app.url}/`);
  await signInAtProvider(page, 'eve');
  await expect(page.getByText('eve is not allowed on this server')).toBeVisible();
  const session = await page.request.get(`${app.url}/api/session`);
  expect(session.status()).toBe(401);
});
