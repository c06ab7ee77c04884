// A team's server with password sign-in (APP_AUTH=password): a planner who opens the app is
// sent to the sign-in page, signs in, gets the map with their name in the top bar, signs out,
// and is back at the sign-in page, which the app's pages stay behind.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../server/app/auth/password-hash';
import { writeUsers } from '../server/app/auth/users-file';
import { startAppServer, type RunningAppServer } from '../server/app/start-app-server';
import { createMemoryStore } from '../server/service/store/memory/memory-store';
import { buildFixtureFabric } from '../server/service/testing/fixture-fabric';
import { expect, test } from './support/fixtures';
import { MapDriver } from './support/map-driver';

const PASSWORD = 'a-long-test-password';
let dir: string;
let app: RunningAppServer;

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sign-in-e2e-'));
  writeUsers(join(dir, 'users'), new Map([['ana', await hashPassword(PASSWORD)]]));
  app = await startAppServer({
    port: 0,
    host: '127.0.0.1',
    env: {
      APP_AUTH: 'password',
      APP_USERS_FILE: join(dir, 'users'),
      APP_USAGE_FILE: join(dir, 'usage.jsonl'),
      SERVICE_WORKERS: '0',
    },
    store: createMemoryStore(buildFixtureFabric()),
    log: () => {},
  });
});

test.afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

test('sign in, see the map and who is signed in, sign out, and be back at the sign-in page', async ({
  page,
}) => {
  await page.goto(`${app.url}/`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2F$/);
  await page.getByLabel('Name').fill('ana');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(`${app.url}/`);
  await new MapDriver(page).waitForIdle();
  await expect(page.getByTestId('signed-in')).toContainText('ana');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in\?ended=signed-out$/);
  await expect(page.getByText('You are signed out.')).toBeVisible();

  await page.goto(`${app.url}/`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2F/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
