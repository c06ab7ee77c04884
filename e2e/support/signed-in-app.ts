// An app server with sign-in for browser tests: password mode with the people given (one
// password for all), over the fixture fabric, with its users, usage log and saved areas in a
// folder of its own; and the steps every sign-in spec ends with: the map and the name, then
// Sign out.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { hashPassword } from '../../server/app/auth/password-hash';
import { writeUsers } from '../../server/app/auth/users-file';
import { startAppServer, type RunningAppServer } from '../../server/app/start-app-server';
import { createMemoryStore } from '../../server/service/store/memory/memory-store';
import { buildFixtureFabric } from '../../server/service/testing/fixture-fabric';
import { MapDriver } from './map-driver';

export const PASSWORD = 'a-long-test-password';

export interface SignedInApp {
  url: string;
  close(): Promise<void>;
}

/** `env` adds to or replaces the password-mode settings (APP_AUTH=oidc and its provider). */
export async function startSignedInApp(
  people: string[],
  env: Record<string, string> = {},
): Promise<SignedInApp> {
  const dir = await mkdtemp(join(tmpdir(), 'signed-in-e2e-'));
  const hash = await hashPassword(PASSWORD);
  writeUsers(join(dir, 'users'), new Map(people.map((name) => [name, hash])));
  const app: RunningAppServer = await startAppServer({
    port: 0,
    host: '127.0.0.1',
    env: {
      APP_AUTH: 'password',
      APP_USERS_FILE: join(dir, 'users'),
      APP_USAGE_FILE: join(dir, 'usage.jsonl'),
      APP_AREAS_DIR: join(dir, 'areas'),
      SERVICE_WORKERS: '0',
      ...env,
    },
    store: createMemoryStore(buildFixtureFabric()),
    log: () => {},
  });
  return {
    url: app.url,
    close: async () => {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** At the app's page; its own state follows in the query and hash once the map is up. */
export async function expectAtApp(page: Page, url: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${url.replace(/[.]/g, '\\.')}/(?:[?#]|$)`));
}

/** Signed in as `name`: the map, the name in the top bar, then Sign out to the signed-out page. */
export async function seeMapThenSignOut(page: Page, url: string, name: string): Promise<void> {
  await expectAtApp(page, url);
  await new MapDriver(page).waitForIdle();
  await expect(page.getByTestId('signed-in')).toContainText(name);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in\?ended=signed-out$/);
  await expect(page.getByText('You are signed out.')).toBeVisible();
}
