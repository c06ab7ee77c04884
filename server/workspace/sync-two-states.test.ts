// A workspace over counties of two states (the demo county in Illinois, and copies of its
// locations moved into a Missouri county, keeping their town names): places answers each town
// in its own state, from the memory workspace and from the one published into PostGIS alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseStoreEnv } from '../config/store-env';
import { startPrivateCluster, type PrivateCluster } from '../postgis/testing/private-cluster';
import type { Fabric } from '../service/store/fabric';
import { countyOfLocation } from '../service/store/fabric-counties';
import { createMemoryStore } from '../service/store/memory/memory-store';
import { openPostgisStore } from '../service/store/postgis/postgis-store';
import type { Store } from '../service/store/store';
import { startPublishedProxy, type PublishedProxy } from './published-proxy';
import { inSchema, WORKSPACE_SCHEMA } from './published-workspace';
import { runSync } from './run-sync';
import { demoFabric } from './testing/sync-fixture';
import { COUNTY, syncOptions } from './testing/sync-options';
import { ACROSS_STATE, twoCountyFabric } from './testing/two-counties';
import { readWorkspaceFabric } from './workspace-files';

let cluster: PrivateCluster;
let proxy: PublishedProxy;
let workspace: Fabric;
let memory: Store;
let postgis: Store;
const dir = mkdtempSync(join(tmpdir(), 'sync-two-states-'));

beforeAll(async () => {
  cluster = await startPrivateCluster();
  proxy = await startPublishedProxy(await twoCountyFabric(demoFabric(), ACROSS_STATE));
  const store = parseStoreEnv({ STORE: 'postgis', DATABASE_URL: cluster.url });
  const counties = [COUNTY, ACROSS_STATE.geoid];
  const manifest = await runSync({ ...syncOptions(proxy.url, dir), counties, store });
  workspace = readWorkspaceFabric(dir, manifest);
  memory = createMemoryStore(workspace);
  postgis = await openPostgisStore(inSchema(cluster.url, WORKSPACE_SCHEMA));
});
afterAll(async () => {
  await Promise.all([memory?.close(), postgis?.close()]);
  await proxy?.close();
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A town with locations in both states. */
function townInBoth(): string {
  const county = countyOfLocation(workspace);
  const states = new Map<string, Set<string>>();
  const { town, count } = workspace.locations;
  for (let i = 0; i < count; i++) {
    const name = workspace.towns[town[i]!]!.name;
    states.set(name, (states.get(name) ?? new Set()).add(county(i).state));
  }
  return [...states].find(([, s]) => s.size === 2)![0];
}

it('answers a town of the same name in each state with its own state, in both stores', async () => {
  expect(workspace.counties!.map((c) => c.state).sort()).toEqual(['IL', 'MO']);
  const name = townInBoth();
  const answer = await memory.places('202506', name, 20);
  const towns = answer.places.filter((p) => p.kind === 'town' && p.name === name);
  expect(towns.map((t) => t.state).sort()).toEqual(['IL', 'MO']);
  expect(await postgis.places('202506', name, 20)).toEqual(answer);
});
