// data (the panel's record) with a workspace: the app server answers it from the workspace's own
// record with upstream's uuid, equal to upstream's answer and with no request upstream, for the
// synced locations of each fabric vintage the sync showed to give upstream's records; anything
// else goes upstream and is answered as upstream answers it: a vintage whose check found a
// difference (the sync's log names the field and the location), a vintage whose coverage is not
// synced, a location outside the synced county, an id written otherwise than upstream writes
// it, and every vintage of a workspace synced before the check was made.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fabric } from '../service/store/fabric';
import {
  startPublishedProxy,
  type PublishedProxy,
  type SeenRequest,
} from '../workspace/published-proxy';
import { runSync } from '../workspace/run-sync';
import { demoFabric } from '../workspace/testing/sync-fixture';
import { COUNTY, syncOptions } from '../workspace/testing/sync-options';
import { twoCountyFabric } from '../workspace/testing/two-counties';
import { MANIFEST, type WorkspaceManifest } from '../workspace/workspace-files';
import type { RunningAppServer } from './start-app-server';
import {
  appAndUpstreamAnswers,
  ask,
  locationIdsOf,
  sample,
  startBudgetApp,
  upstreamUseOf,
  startWorkspaceApp,
} from './testing/local-answers';

let demo: Fabric;
let proxy: PublishedProxy;
let app: RunningAppServer;
const dirs: string[] = [];
const workspaceDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `workspace-data-${name}-`));
  dirs.push(dir);
  return dir;
};
const dir = workspaceDir('synced');
let manifest: WorkspaceManifest;
let fabricSynced: string[];
let fabricNotSynced: string;
const apps: RunningAppServer[] = [];

const startApp = async (workspace: string) => {
  const started = await startWorkspaceApp(proxy.url, workspace);
  apps.push(started);
  return started;
};

beforeAll(async () => {
  demo = await twoCountyFabric(demoFabric());
  proxy = await startPublishedProxy(demo);
  manifest = await runSync(syncOptions(proxy.url, dir));
  fabricSynced = manifest.fabricVintages;
  fabricNotSynced = demo.vintages.map((v) => v.vintage).find((v) => !fabricSynced.includes(v))!;
  app = await startApp(dir);
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await proxy?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The app server's answer, upstream's own, and the data requests the app's call sent upstream. */
const appAndUpstream = (path: string, from = app) =>
  appAndUpstreamAnswers(from.url, proxy, (op) => op === 'data', path);

const byId = (v: string, id: number | string) => `/fabric/${v}/data/locations?location_id=${id}`;
const byUuid = (v: string, uuid: string) => `/fabric/${v}/data/locations?uuid=${uuid}`;

/** The demo's location_ids in a county present in fabric vintage v. */
const idsOf = (v: string, county = COUNTY) => locationIdsOf(demo, v, true, county);

const neighbour = () => demo.counties!.find((c) => c.geoid !== COUNTY)!.geoid;

/** data is answered from the workspace for these ids of vintage v, by location_id and by uuid. */
async function expectAnsweredHere(v: string, ids: number[], from = app) {
  for (const id of ids) {
    const forth = await appAndUpstream(byId(v, id), from);
    expect(forth.fromUpstream.status, `${v} ${id}`).toBe(200);
    expect((forth.fromUpstream.body as unknown[]).length, `${v} ${id}`).toBe(1);
    expect(forth.fromApp, `${v} ${id}`).toEqual(forth.fromUpstream);
    expect(forth.sent, `${v} ${id}: requests upstream`).toBe(0);
    const uuid = (forth.fromUpstream.body as { uuid: string }[])[0]!.uuid;
    const back = await appAndUpstream(byUuid(v, uuid), from);
    expect(back.fromUpstream, `${v} ${uuid}`).toEqual(forth.fromUpstream);
    expect(back.fromApp, `${v} ${uuid}`).toEqual(back.fromUpstream);
    expect(back.sent, `${v} ${uuid}: requests upstream`).toBe(0);
  }
}

/** data goes upstream for these ids of vintage v, and the app answers as upstream does. */
async function expectSentUpstream(v: string, ids: number[], from = app) {
  for (const id of ids) {
    const { fromApp, fromUpstream, sent } = await appAndUpstream(byId(v, id), from);
    expect((fromUpstream.body as unknown[]).length, `${v} ${id}`).toBe(1);
    expect(fromApp, `${v} ${id}`).toEqual(fromUpstream);
    expect(sent, `${v} ${id}: requests upstream`).toBe(1);
  }
}

it('answers data for synced locations of each synced vintage from the workspace, equal to upstream, by location_id and by uuid', async () => {
  expect(fabricSynced).toHaveLength(2);
  for (const v of fabricSynced) {
    expect(manifest.localData[v], v).toEqual({ answered: true });
    await expectAnsweredHere(v, sample(idsOf(v), 25));
  }
});

it('sends data upstream for a location outside the synced county, a vintage not synced, and an id written otherwise', async () => {
  const v = fabricSynced[fabricSynced.length - 1]!;
  const [id] = sample(idsOf(v), 2);
  await expectAnsweredHere(v, [id!]);
  await expectSentUpstream(v, sample(idsOf(v, neighbour()), 3));
  const old = idsOf(fabricNotSynced).find((x) => idsOf(v).includes(x))!;
  await expectSentUpstream(fabricNotSynced, [old]);
  const uuid = (
    (await ask(proxy.url, byId(v, id!), undefined, true)).body as { uuid: string }[]
  )[0]!.uuid;
  const paths = [
    byId(v, `00${id}`),
    byUuid(v, uuid.toUpperCase()),
    `${byId(v, id!)}&uuid=${uuid}`,
    byId(v, 'abc'),
    `/fabric/${v}/data/parcels?uuid=${uuid}`,
    // A uuid is a feature of one vintage: the newer one's, asked in the older.
    byUuid(fabricSynced[0]!, uuid),
  ];
  for (const path of paths) {
    const before = proxy.seen.length;
    const fromApp = await ask(`${app.url}/api`, path);
    const fromUpstream = await ask(proxy.url, path, undefined, true);
    expect(fromApp, path).toEqual(fromUpstream);
    expect(
      proxy.seen.slice(before).filter((r) => r.op === 'data').length,
      `${path}: requests upstream`,
    ).toBe(2);
  }
});

/** Upstream's bulk answer with one record's field changed by one: a service that computes it otherwise. */
function alterOne(field: string, v: string) {
  return (req: SeenRequest) => {
    if (req.op !== 'bulk' || !req.path.startsWith(`/fabric/${v}/`)) return undefined;
    if (!new URL(req.path, 'http://x').searchParams.get('field')!.split(',').includes(field))
      return undefined;
    return {
      alter: (text: string) => {
        const rows = JSON.parse(text) as Record<string, number>[];
        const row = rows[Math.floor(rows.length / 2)]!;
        row[field] = row[field]! + 1;
        return JSON.stringify(rows);
      },
    };
  };
}

it('sends data upstream for a vintage whose sample differs from the workspace, and the log names the field and the location', async () => {
  const [older, newer] = [fabricSynced[0]!, fabricSynced[1]!];
  const other = workspaceDir('differs');
  const log: string[] = [];
  proxy.fault = alterOne('max_down_mbps', newer);
  let synced: WorkspaceManifest;
  try {
    synced = await runSync(syncOptions(proxy.url, other, log));
  } finally {
    proxy.fault = null;
  }
  const why = synced.localData[newer];
  expect(why?.answered).toBe(false);
  expect(why?.why).toMatch(/^location \d+: max_down_mbps is \d+ upstream, \d+ in the workspace$/);
  expect(log).toContain(`sync: data of fabric ${newer} goes upstream: ${why!.why}`);
  expect(synced.localData[older]).toEqual({ answered: true });
  const differs = await startApp(other);
  await expectSentUpstream(newer, sample(idsOf(newer), 5), differs);
  await expectAnsweredHere(older, sample(idsOf(older), 5), differs);
});

it('sends data upstream for a vintage whose fields lists other fields than the record holds, asking no sample', async () => {
  const [older, newer] = [fabricSynced[0]!, fabricSynced[1]!];
  const other = workspaceDir('fields');
  const log: string[] = [];
  proxy.fault = (req) =>
    req.op === 'fields' && req.path.startsWith(`/fabric/${older}/`)
      ? {
          alter: (text) =>
            JSON.stringify(
              (JSON.parse(text) as { fieldname: string }[]).filter(
                (f) => f.fieldname !== 'h3_res8_id',
              ),
            ),
        }
      : undefined;
  const from = proxy.seen.length;
  let synced: WorkspaceManifest;
  try {
    synced = await runSync(syncOptions(proxy.url, other, log));
  } finally {
    proxy.fault = null;
  }
  const why = `fields does not list h3_res8_id, which the workspace's record holds`;
  expect(synced.localData[older]).toEqual({ answered: false, why });
  expect(log).toContain(`sync: data of fabric ${older} goes upstream: ${why}`);
  expect(synced.localData[newer]).toEqual({ answered: true });
  // Only the vintage whose fields matched was sampled.
  const sampled = proxy.seen
    .slice(from)
    .filter((r) => r.op === 'data')
    .map((r) => r.path);
  expect(sampled).toEqual([expect.stringContaining(`/fabric/${newer}/data/locations?`)]);
  const differs = await startApp(other);
  await expectSentUpstream(older, sample(idsOf(older), 3), differs);
  await expectAnsweredHere(newer, sample(idsOf(newer), 3), differs);
});

it('sends data upstream for a fabric vintage whose coverage vintage is not synced, and answers the other from its own coverage', async () => {
  const [older, newer] = [fabricSynced[0]!, fabricSynced[1]!];
  const other = workspaceDir('one-coverage');
  const log: string[] = [];
  const synced = await runSync({ ...syncOptions(proxy.url, other, log), coverage: [newer] });
  expect(synced.coverageVintages).toEqual([newer]);
  expect(synced.localData[older]?.answered).toBe(false);
  expect(synced.localData[older]?.why).toContain(`coverage vintage ${older} is not synced`);
  expect(synced.localData[newer]).toEqual({ answered: true });
  const oneCoverage = await startApp(other);
  await expectSentUpstream(older, sample(idsOf(older), 5), oneCoverage);
  await expectAnsweredHere(newer, sample(idsOf(newer), 10), oneCoverage);
});

it('sends data upstream from a workspace synced before its records were checked', async () => {
  const former = workspaceDir('former');
  cpSync(dir, former, { recursive: true });
  const written = JSON.parse(readFileSync(join(former, MANIFEST), 'utf8')) as Record<
    string,
    unknown
  >;
  delete written.localData;
  writeFileSync(join(former, MANIFEST), JSON.stringify(written));
  const formerApp = await startApp(former);
  const v = fabricSynced[fabricSynced.length - 1]!;
  await expectSentUpstream(v, sample(idsOf(v), 3), formerApp);
  // The same folder synced now answers them here.
  await expectAnsweredHere(v, sample(idsOf(v), 3));
});

it('counts no upstream credit in the person budgets for a data record answered from the workspace', async () => {
  const server = await startBudgetApp(proxy.url, dir);
  try {
    const v = fabricSynced[fabricSynced.length - 1]!;
    const [held] = sample(idsOf(v), 2);
    const [outside] = sample(idsOf(v, neighbour()), 2);
    const paths = [held, outside].map((id) => byId(v, id!));
    // Only the location outside the workspace reached upstream.
    expect(await upstreamUseOf(server.app.url, paths)).toEqual([
      { name: 'ana', requests: 1, credits: 1 },
    ]);
  } finally {
    await server.close();
  }
});
