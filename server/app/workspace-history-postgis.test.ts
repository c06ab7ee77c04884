// history from the workspace published into PostGIS (STORE=postgis): with every fabric vintage
// synced, the app server answers it from the database, equal to upstream's answer and with no
// request upstream, for synced locations of every vintage and the newest vintage's retired
// ones, as it does from the memory workspace (workspace-history.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseStoreEnv } from '../config/store-env';
import { startPrivateCluster, type PrivateCluster } from '../postgis/testing/private-cluster';
import type { Fabric } from '../service/store/fabric';
import { startPublishedProxy, type PublishedProxy } from '../workspace/published-proxy';
import { runSync, type SyncResult } from '../workspace/run-sync';
import { demoFabric } from '../workspace/testing/sync-fixture';
import { syncOptions } from '../workspace/testing/sync-options';
import { twoCountyFabric } from '../workspace/testing/two-counties';
import type { RunningAppServer } from './start-app-server';
import {
  appAndUpstreamAnswers,
  locationIdsOf,
  sample,
  startWorkspaceApp,
} from './testing/local-answers';

let cluster: PrivateCluster;
let demo: Fabric;
let proxy: PublishedProxy;
let synced: SyncResult;
let app: RunningAppServer;
const dir = mkdtempSync(join(tmpdir(), 'workspace-history-postgis-'));
const empty = mkdtempSync(join(tmpdir(), 'workspace-history-postgis-empty-'));

beforeAll(async () => {
  cluster = await startPrivateCluster();
  demo = await twoCountyFabric(demoFabric());
  proxy = await startPublishedProxy(demo);
  const store = parseStoreEnv({ STORE: 'postgis', DATABASE_URL: cluster.url });
  synced = await runSync({
    ...syncOptions(proxy.url, dir),
    fabric: demo.vintages.map((v) => v.vintage),
    store,
  });
  // An empty workspace folder: whatever this one answers comes from the database.
  app = await startWorkspaceApp(proxy.url, empty, { STORE: 'postgis', DATABASE_URL: cluster.url });
});
afterAll(async () => {
  await app?.close();
  await proxy?.close();
  cluster?.stop();
  for (const d of [dir, empty]) rmSync(d, { recursive: true, force: true });
});

async function expectAnsweredHere(v: string, ids: number[]) {
  for (const id of ids) {
    const path = `/fabricext/${v}/history?location_id=${id}`;
    const { fromApp, fromUpstream, sent } = await appAndUpstreamAnswers(
      app.url,
      proxy,
      (op) => op === 'history',
      path,
    );
    expect(fromUpstream.status, path).toBe(200);
    expect(fromApp, path).toEqual(fromUpstream);
    expect(sent, `${path}: requests upstream`).toBe(0);
  }
}

it('answers history from the published workspace for every vintage, equal to upstream, sending none upstream', async () => {
  const every = demo.vintages.map((v) => v.vintage);
  expect(synced.fabricVintages).toEqual(every);
  for (const v of every) {
    expect(synced.localHistory?.vintages[v], v).toEqual({ answered: true });
    await expectAnsweredHere(v, sample(locationIdsOf(demo, v), 5));
  }
  const newest = every.at(-1)!;
  const older = new Set(every.slice(0, -1).flatMap((v) => locationIdsOf(demo, v)));
  const retired = locationIdsOf(demo, newest, false).filter((id) => older.has(id));
  await expectAnsweredHere(newest, sample(retired, 6));
});
