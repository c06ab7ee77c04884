// The app's Add to workspace with STORE=postgis, over real HTTP and a real PostgreSQL: the sync
// runs on its worker thread, publishes into the database from there, and the app server then
// answers the added county from the database without a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SyncStep } from '../../../shared/workspace-sync';
import { parseStoreEnv } from '../../config/store-env';
import { startPrivateCluster, type PrivateCluster } from '../../postgis/testing/private-cluster';
import type { Fabric } from '../../service/store/fabric';
import { startPublishedProxy, type PublishedProxy } from '../../workspace/published-proxy';
import { runSync } from '../../workspace/run-sync';
import { demoFabric } from '../../workspace/testing/sync-fixture';
import { COUNTY, syncOptions } from '../../workspace/testing/sync-options';
import { NEIGHBOUR, twoCountyFabric } from '../../workspace/testing/two-counties';
import type { RunningAppServer } from '../start-app-server';
import { startWorkspaceApp } from '../testing/local-answers';
import { call, settled, square } from './testing/sync-app';

let cluster: PrivateCluster;
let service: Fabric;
let proxy: PublishedProxy;
let app: RunningAppServer;
const dir = mkdtempSync(join(tmpdir(), 'app-sync-postgis-'));
const REPORT = '/api/fabricext/202506/report?coverage=202506';
/** The steps past its requests of the sync that first published the demo county. */
const steps: SyncStep[] = [];

beforeAll(async () => {
  cluster = await startPrivateCluster();
  service = await twoCountyFabric(demoFabric());
  proxy = await startPublishedProxy(service);
  const store = parseStoreEnv({ STORE: 'postgis', DATABASE_URL: cluster.url });
  await runSync({ ...syncOptions(proxy.url, dir), store, onStep: (step) => steps.push(step) });
  app = await startWorkspaceApp(proxy.url, dir, { STORE: 'postgis', DATABASE_URL: cluster.url });
});
afterAll(async () => {
  await app?.close();
  await proxy?.close();
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it('says it publishes after assembling and checking', () => {
  expect(steps).toEqual(['assembling', 'checking', 'publishing']);
});

it('adds a county from the app into PostGIS and answers it from there without a restart', async () => {
  // Counties in GEOID order: the neighbour (17021) is the fabric's county 0.
  const i = service.locations.county!.indexOf(0);
  const area = square(service.locations.lng[i]!, service.locations.lat[i]!, 0.01);
  const before = await call(app.url, 'POST', REPORT, area);
  expect(before.json.locationcount).toBe(0);

  const started = await call(app.url, 'POST', '/api/workspace/sync', { counties: [NEIGHBOUR] });
  expect(started.status).toBe(202);
  const done = await settled(app.url);
  expect(done.state, done.message ?? '').toBe('done');
  expect(
    done.log.some((l) => l.startsWith('publish: ')),
    done.log.join('\n'),
  ).toBe(true);

  const health = (await call(app.url, 'GET', '/api/health')).json;
  const held = (health.capabilities as { data: { areas: { geoid: string }[] } }).data.areas;
  expect(held.map((a) => a.geoid)).toEqual([NEIGHBOUR, COUNTY]);
  const after = await call(app.url, 'POST', REPORT, area);
  expect(after.status).toBe(200);
  expect(after.json.locationcount).toBeGreaterThan(0);
  // From the database: the neighbour's locations are in its tables.
  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM workspace.locations WHERE vintage = '202506' AND county_geoid = $1`,
      [NEIGHBOUR],
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  } finally {
    await db.end();
  }
});
