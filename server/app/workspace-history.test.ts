// history with a workspace: the app server answers it from the workspace, equal to upstream's
// answer and with no request upstream, for the synced locations of each fabric vintage when the
// workspace holds every fabric vintage upstream lists and the sync's sample showed its answers
// to be upstream's; retired locations at the newest vintage too, with their equivalents.
// Anything else goes upstream and is answered as upstream answers it: every vintage of a
// workspace holding only some (the default, the newest two), a vintage whose sample differed
// (the sync's log names it), a retired location whose equivalent lies outside the workspace, a
// location outside the synced county, an id written otherwise than upstream writes it, and
// every vintage while upstream lists one the workspace does not hold.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fabric } from '../service/store/fabric';
import { startPublishedProxy, type PublishedProxy } from '../workspace/published-proxy';
import { runSync } from '../workspace/run-sync';
import { demoFabric } from '../workspace/testing/sync-fixture';
import { COUNTY, syncOptions } from '../workspace/testing/sync-options';
import { twoCountyFabric } from '../workspace/testing/two-counties';
import type { WorkspaceManifest } from '../workspace/workspace-files';
import type { RunningAppServer } from './start-app-server';
import {
  appAndUpstreamAnswers,
  ask,
  sample,
  startBudgetApp,
  upstreamUseOf,
  startWorkspaceApp,
} from './testing/local-answers';

let demo: Fabric;
let proxy: PublishedProxy;
let app: RunningAppServer;
let manifest: WorkspaceManifest;
let every: string[];
const dirs: string[] = [];
const apps: RunningAppServer[] = [];
const workspaceDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `workspace-history-${name}-`));
  dirs.push(dir);
  return dir;
};
const dir = workspaceDir('every');

const startApp = async (workspace: string) => {
  const started = await startWorkspaceApp(proxy.url, workspace);
  apps.push(started);
  return started;
};

/** A sync of every fabric vintage upstream lists (the coverage ones: the newest two). */
const syncEvery = (into: string, log: string[] = []) =>
  runSync({ ...syncOptions(proxy.url, into, log), fabric: every });

beforeAll(async () => {
  demo = await twoCountyFabric(demoFabric());
  every = demo.vintages.map((v) => v.vintage);
  proxy = await startPublishedProxy(demo);
  manifest = await syncEvery(dir);
  app = await startApp(dir);
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await proxy?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const historyOf = (v: string, id: number | string) => `/fabricext/${v}/history?location_id=${id}`;

/** The app server's answer, upstream's own, and the history requests the app's call sent. */
const appAndUpstream = (path: string, from = app) =>
  appAndUpstreamAnswers(from.url, proxy, (op) => op === 'history', path);

/** The demo's location_ids in a county whose presence bits (over every vintage) pass. */
function idsWhere(pass: (presence: number) => boolean, county = COUNTY): number[] {
  const { locationId, presence, county: countyOf } = demo.locations;
  const k = demo.counties!.findIndex((c) => c.geoid === county);
  return [...locationId].filter((_, i) => countyOf![i] === k && pass(presence[i]!));
}
const bit = (v: string) => 1 << every.indexOf(v);
const presentIn = (v: string, county = COUNTY) => idsWhere((p) => Boolean(p & bit(v)), county);
/** Absent from v and from every vintage before it: new after v. */
const newAfter = (v: string) => idsWhere((p) => (p & (2 * bit(v) - 1)) === 0);
/** Present before v, absent from v. */
const retiredAt = (v: string) => idsWhere((p) => !(p & bit(v)) && Boolean(p & (bit(v) - 1)));
const neighbour = () => demo.counties!.find((c) => c.geoid !== COUNTY)!.geoid;

/** history is answered from the workspace for these ids of vintage v, as upstream answers. */
async function expectAnsweredHere(v: string, ids: number[], from = app) {
  for (const id of ids) {
    const { fromApp, fromUpstream, sent } = await appAndUpstream(historyOf(v, id), from);
    expect(fromUpstream.status, `${v} ${id}`).toBe(200);
    expect(fromApp, `${v} ${id}`).toEqual(fromUpstream);
    expect(sent, `${v} ${id}: requests upstream`).toBe(0);
  }
}

/** history goes upstream for these (ids or written ids) of vintage v, answered as upstream does. */
async function expectSentUpstream(v: string, ids: (number | string)[], from = app) {
  for (const id of ids) {
    const { fromApp, fromUpstream, sent } = await appAndUpstream(historyOf(v, id), from);
    expect(fromApp, `${v} ${id}`).toEqual(fromUpstream);
    expect(sent, `${v} ${id}: requests upstream`).toBe(1);
  }
}

it('answers history for sampled locations of every vintage from the workspace, equal to upstream', async () => {
  expect(every.length).toBeGreaterThan(2);
  expect(manifest.fabricVintages).toEqual(every);
  for (const v of every) {
    expect(manifest.localHistory?.vintages[v], v).toEqual({ answered: true });
    await expectAnsweredHere(v, sample(presentIn(v), 6));
    if (v !== every.at(-1)) {
      // Not in any release up to v yet: no record, as upstream answers.
      const later = newAfter(v);
      if (later.length) await expectAnsweredHere(v, sample(later, Math.min(3, later.length)));
    }
  }
  // At the newest vintage the retired ones too, with and without an equivalent.
  const newest = every.at(-1)!;
  const retired = retiredAt(newest);
  const answers = await Promise.all(
    retired.map(async (id) => (await ask(proxy.url, historyOf(newest, id), undefined, true)).body),
  );
  const withEquivalent = retired.filter(
    (_, k) => (answers[k] as { re_location_id: number | null }[])[0]!.re_location_id !== null,
  );
  const without = retired.filter((id) => !withEquivalent.includes(id));
  expect(withEquivalent.length).toBeGreaterThan(0);
  expect(without.length).toBeGreaterThan(0);
  await expectAnsweredHere(newest, [...sample(withEquivalent, 4), ...sample(without, 4)]);
});

it('sends history upstream from a workspace of the newest two vintages, naming why at the sync', async () => {
  const two = workspaceDir('two');
  const log: string[] = [];
  const synced = await runSync(syncOptions(proxy.url, two, log));
  expect(synced.fabricVintages).toEqual(every.slice(-2));
  for (const v of synced.fabricVintages) {
    expect(synced.localHistory?.vintages[v]?.answered, v).toBe(false);
    expect(synced.localHistory?.vintages[v]?.why).toContain(
      `of the ${every.length} upstream lists`,
    );
  }
  expect(log.some((l) => l.startsWith('sync: history goes upstream: the workspace holds'))).toBe(
    true,
  );
  const twoApp = await startApp(two);
  for (const v of synced.fabricVintages) {
    await expectSentUpstream(v, sample(presentIn(v), 3), twoApp);
    // The workspace of every vintage answers them here.
    await expectAnsweredHere(v, sample(presentIn(v), 3));
  }
});

it('sends history upstream for a vintage whose sample differs from the workspace, and the log names the location and field', async () => {
  const older = every[1]!;
  const other = workspaceDir('differs');
  const log: string[] = [];
  let altered = 0;
  // One answer of the vintage's sample, its last version one later: a service that caps
  // otherwise.
  proxy.fault = (req) =>
    req.op === 'history' && req.path.startsWith(`/fabricext/${older}/`) && altered++ === 0
      ? {
          alter: (text) => {
            const rows = JSON.parse(text) as Record<string, number>[];
            if (rows[0]) rows[0].lastcqaversion! += 1;
            return JSON.stringify(rows);
          },
        }
      : undefined;
  let synced: WorkspaceManifest;
  try {
    synced = await syncEvery(other, log);
  } finally {
    proxy.fault = null;
  }
  const why = synced.localHistory?.vintages[older];
  expect(why?.answered).toBe(false);
  expect(why?.why).toMatch(/^location \d+: lastcqaversion is \d+ upstream, \d+ in the workspace$/);
  expect(log).toContain(`sync: history of fabric ${older} goes upstream: ${why!.why}`);
  for (const v of every.filter((x) => x !== older))
    expect(synced.localHistory?.vintages[v], v).toEqual({ answered: true });
  const differs = await startApp(other);
  await expectSentUpstream(older, sample(presentIn(older), 3), differs);
  await expectAnsweredHere(every[2]!, sample(presentIn(every[2]!), 3), differs);
});

it('sends history upstream for a retired location whose equivalent lies outside the workspace', async () => {
  const newest = every.at(-1)!;
  const other = workspaceDir('elsewhere');
  const [moved, kept] = sample(retiredAt(newest), 2) as [number, number];
  const [outside] = presentIn(newest, neighbour());
  // Upstream names an equivalent in the neighbour county for one retired location.
  proxy.fault = (req) =>
    req.op === 'history' && req.path === historyOf(newest, moved)
      ? {
          alter: (text) => {
            const rows = JSON.parse(text) as Record<string, unknown>[];
            rows[0]!.re_location_id = outside;
            return JSON.stringify(rows);
          },
        }
      : undefined;
  let synced: WorkspaceManifest;
  try {
    synced = await syncEvery(other);
  } finally {
    proxy.fault = null;
  }
  expect(synced.localHistory?.elsewhere).toEqual([moved]);
  expect(synced.localHistory?.vintages[newest]).toEqual({ answered: true });
  const elsewhere = await startApp(other);
  await expectSentUpstream(newest, [moved], elsewhere);
  await expectAnsweredHere(newest, [kept], elsewhere);
});

it('sends history upstream for a location outside the synced county, a vintage retired at an older vintage, and an id written otherwise', async () => {
  const newest = every.at(-1)!;
  const older = every[2]!;
  const [id] = sample(presentIn(newest), 2);
  await expectAnsweredHere(newest, [id!]);
  await expectSentUpstream(newest, sample(presentIn(newest, neighbour()), 3));
  await expectSentUpstream(older, sample(retiredAt(older), 2));
  await expectSentUpstream(newest, [`00${id}`, `+${id}`, `${id}.0`, 'abc', '12345678901234567']);
  const { fromApp, fromUpstream, sent } = await appAndUpstream(`/fabricext/${newest}/history`);
  expect(fromApp).toEqual(fromUpstream);
  expect(sent).toBe(1);
});

it('sends history upstream while upstream lists a fabric vintage published since the sync', async () => {
  const newest = every.at(-1)!;
  const ids = sample(presentIn(newest), 2);
  proxy.fault = (req) =>
    req.op === 'fabricVintages'
      ? {
          alter: (text) => {
            const rows = JSON.parse(text) as Record<string, unknown>[];
            return JSON.stringify([...rows, { ...rows.at(-1)!, vintage: '209912' }]);
          },
        }
      : undefined;
  try {
    const fresh = await startApp(dir);
    await expectSentUpstream(newest, ids, fresh);
    // The app's own load asks the vintages again: still one more than the workspace holds.
    expect((await ask(`${fresh.url}/api`, '/fabric/vintages')).status).toBe(200);
    await expectSentUpstream(newest, ids, fresh);
    proxy.fault = null;
    // Upstream lists the synced ones again: the next answer that says so is believed.
    expect((await ask(`${fresh.url}/api`, '/fabric/vintages')).status).toBe(200);
    await expectAnsweredHere(newest, ids, fresh);
  } finally {
    proxy.fault = null;
  }
});

it('counts no upstream credit in the person budgets for a history answered from the workspace', async () => {
  const server = await startBudgetApp(proxy.url, dir);
  try {
    const v = every.at(-1)!;
    const [held] = sample(presentIn(v), 2);
    const [outside] = sample(presentIn(v, neighbour()), 2);
    const paths = [held, outside].map((id) => historyOf(v, id!));
    // Only the location outside the workspace reached upstream.
    expect(await upstreamUseOf(server.app.url, paths)).toEqual([
      { name: 'ana', requests: 1, credits: 1 },
    ]);
  } finally {
    await server.close();
  }
});
