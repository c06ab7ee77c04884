// bdcfixed with a workspace: the app server answers it from the workspace when the workspace
// holds upstream's answer (a synced coverage vintage, locations the sync asked it of), equal to
// upstream's answer and with no request upstream; anything else (a location outside the synced
// county, a coverage vintage not synced, a location the sync did not ask for that vintage)
// still goes upstream and is answered as upstream answers it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fabric } from '../service/store/fabric';
import { startPublishedProxy, TOKEN, type PublishedProxy } from '../workspace/published-proxy';
import { releaseIndex } from '../workspace/pull-county';
import { runSync } from '../workspace/run-sync';
import { demoFabric } from '../workspace/testing/sync-fixture';
import { COUNTY, syncOptions } from '../workspace/testing/sync-options';
import { twoCountyFabric } from '../workspace/testing/two-counties';
import { startAppServer, type RunningAppServer } from './start-app-server';
import {
  appAndUpstreamAnswers,
  locationIdsOf,
  sample,
  startBudgetApp,
  upstreamUseOf,
} from './testing/local-answers';

let demo: Fabric;
let proxy: PublishedProxy;
let app: RunningAppServer;
const dir = mkdtempSync(join(tmpdir(), 'workspace-bdcfixed-'));
/** The fabric and coverage vintages synced: the newest two of each. */
let fabricSynced: string[];
let coverageSynced: string[];
let coverageNotSynced: string;

beforeAll(async () => {
  demo = await twoCountyFabric(demoFabric());
  proxy = await startPublishedProxy(demo);
  const manifest = await runSync(syncOptions(proxy.url, dir));
  fabricSynced = manifest.fabricVintages;
  coverageSynced = manifest.coverageVintages;
  coverageNotSynced = demo.fixedCoverage
    .map((c) => c.vintage)
    .find((v) => !coverageSynced.includes(v))!;
  app = await startAppServer({
    port: 0,
    host: '127.0.0.1',
    env: { SERVICE_URL: proxy.url, SERVICE_TOKEN: TOKEN, WORKSPACE_DIR: dir },
    log: () => {},
  });
});
afterAll(async () => {
  await app?.close();
  await proxy?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The app server's answer, upstream's own, and the bdcfixed requests the app's call sent upstream. */
const appAndUpstream = (path: string, body?: unknown) =>
  appAndUpstreamAnswers(app.url, proxy, (op) => op.startsWith('fixedCoverage'), path, body);

/** The demo's location_ids in the synced county present in fabric vintage v, or absent from it. */
const idsOf = (v: string, present = true, county = COUNTY) =>
  locationIdsOf(demo, v, present, county);

const releaseOf = (cv: string) => fabricSynced[releaseIndex(fabricSynced, cv)]!;

it('answers bdcfixed of synced locations in each synced vintage from the workspace, equal to upstream', async () => {
  let withRecords = 0;
  for (const cv of coverageSynced) {
    for (const id of sample(idsOf(releaseOf(cv)), 12)) {
      const { fromApp, fromUpstream, sent } = await appAndUpstream(
        `/coverage/bdcfixed?location_id=${id}&vintage=${cv}`,
      );
      expect(fromUpstream.status, `${cv} ${id}`).toBe(200);
      expect(fromApp, `${cv} ${id}`).toEqual(fromUpstream);
      expect(sent, `${cv} ${id}: requests upstream`).toBe(0);
      if ((fromApp.body as unknown[]).length > 0) withRecords++;
    }
  }
  // The sample compares records, not only empty answers.
  expect(withRecords).toBeGreaterThan(10);
});

it('answers a bulk bdcfixed of synced locations from the workspace, in upstream order, equal to upstream', async () => {
  const cv = coverageSynced[coverageSynced.length - 1]!;
  const ids = sample(idsOf(releaseOf(cv)), 40).reverse();
  // Digit strings and a repeated id, as the published body allows.
  const body = [...ids.slice(0, 30), ...ids.slice(30).map(String), ids[3]];
  const { fromApp, fromUpstream, sent } = await appAndUpstream(
    `/coverage/bdcfixed?vintage=${cv}`,
    body,
  );
  expect(fromUpstream.status).toBe(200);
  expect((fromUpstream.body as unknown[]).length).toBeGreaterThan(40);
  expect(fromApp).toEqual(fromUpstream);
  expect(sent).toBe(0);
});

it('sends bdcfixed upstream for a location outside the synced county, and answers as upstream does', async () => {
  const cv = coverageSynced[coverageSynced.length - 1]!;
  const outside = sample(
    idsOf(releaseOf(cv), true, demo.counties!.find((c) => c.geoid !== COUNTY)!.geoid),
    3,
  );
  for (const id of outside) {
    const { fromApp, fromUpstream, sent } = await appAndUpstream(
      `/coverage/bdcfixed?location_id=${id}&vintage=${cv}`,
    );
    expect(fromUpstream.status).toBe(200);
    expect(fromApp).toEqual(fromUpstream);
    expect(sent, `location ${id}`).toBe(1);
  }
  // One id outside among held ones: the whole bulk goes upstream; the held ones alone do not.
  const held = sample(idsOf(releaseOf(cv)), 5);
  const alone = await appAndUpstream(`/coverage/bdcfixed?vintage=${cv}`, held);
  expect(alone.fromApp).toEqual(alone.fromUpstream);
  expect(alone.sent).toBe(0);
  const mixed = await appAndUpstream(`/coverage/bdcfixed?vintage=${cv}`, [...held, outside[1]]);
  expect((mixed.fromUpstream.body as unknown[]).length).toBeGreaterThan(0);
  expect(mixed.fromApp).toEqual(mixed.fromUpstream);
  expect(mixed.sent).toBe(1);
});

it('sends bdcfixed upstream for a coverage vintage not synced, or none named, and answers as upstream does', async () => {
  expect(coverageNotSynced).toBeDefined();
  const id = sample(idsOf(releaseOf(coverageSynced[0]!)), 3)[1]!;
  // The same location in a synced vintage is answered here.
  const synced = await appAndUpstream(
    `/coverage/bdcfixed?location_id=${id}&vintage=${coverageSynced[0]}`,
  );
  expect(synced.fromApp).toEqual(synced.fromUpstream);
  expect(synced.sent).toBe(0);
  const old = await appAndUpstream(
    `/coverage/bdcfixed?location_id=${id}&vintage=${coverageNotSynced}`,
  );
  expect(old.fromUpstream.status).toBe(200);
  expect(old.fromApp).toEqual(old.fromUpstream);
  expect(old.sent).toBe(1);
  // No vintage: upstream's newest, which may be newer than the sync.
  const newest = await appAndUpstream(`/coverage/bdcfixed?location_id=${id}`);
  expect(newest.fromUpstream.status).toBe(200);
  expect(newest.fromApp).toEqual(newest.fromUpstream);
  expect(newest.sent).toBe(1);
});

it('sends bdcfixed upstream for a synced location the sync did not ask of that vintage (absent from its release)', async () => {
  // Locations of the newer fabric vintage that the older coverage vintage's release lacks.
  const older = coverageSynced[0]!;
  const newer = new Set(idsOf(fabricSynced[fabricSynced.length - 1]!));
  const notAsked = idsOf(releaseOf(older), false).filter((id) => newer.has(id));
  expect(notAsked.length).toBeGreaterThan(0);
  const id = notAsked[0]!;
  // In the newer vintage, whose release holds it, it is answered here.
  const newest = coverageSynced[coverageSynced.length - 1]!;
  expect(newer.has(id) && idsOf(releaseOf(newest)).includes(id)).toBe(true);
  const held = await appAndUpstream(`/coverage/bdcfixed?location_id=${id}&vintage=${newest}`);
  expect(held.fromApp).toEqual(held.fromUpstream);
  expect(held.sent).toBe(0);
  const { fromApp, fromUpstream, sent } = await appAndUpstream(
    `/coverage/bdcfixed?location_id=${id}&vintage=${older}`,
  );
  expect(fromUpstream.status).toBe(200);
  expect(fromApp).toEqual(fromUpstream);
  expect(sent).toBe(1);
});

it('counts no upstream credit in the person budgets for a bdcfixed answered from the workspace', async () => {
  const server = await startBudgetApp(proxy.url, dir);
  try {
    const cv = coverageSynced[coverageSynced.length - 1]!;
    const [held] = sample(idsOf(releaseOf(cv)), 2);
    const [outside] = sample(
      idsOf(releaseOf(cv), true, demo.counties!.find((c) => c.geoid !== COUNTY)!.geoid),
      2,
    );
    const paths = [held, outside].map((id) => `/coverage/bdcfixed?location_id=${id}&vintage=${cv}`);
    // Only the location outside the workspace reached upstream.
    expect(await upstreamUseOf(server.app.url, paths)).toEqual([
      { name: 'ana', requests: 1, credits: 1 },
    ]);
  } finally {
    await server.close();
  }
});
