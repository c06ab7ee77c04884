// translate with a workspace: the app server answers it from upstream's uuids the sync kept,
// both ways, equal to upstream's answer and with no request upstream, for the synced locations
// of each synced fabric vintage; anything else (a location outside the synced county or absent
// from that vintage, a vintage not synced, another vintage's uuid, an id written otherwise than
// upstream writes it, an id asked into its own kind) still goes upstream and is answered as
// upstream answers it. A workspace synced before the uuids were kept still opens, and sends
// translate upstream.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fabric } from '../service/store/fabric';
import { startPublishedProxy, TOKEN, type PublishedProxy } from '../workspace/published-proxy';
import { runSync } from '../workspace/run-sync';
import { demoFabric } from '../workspace/testing/sync-fixture';
import { COUNTY, syncOptions } from '../workspace/testing/sync-options';
import { twoCountyFabric } from '../workspace/testing/two-counties';
import { MANIFEST } from '../workspace/workspace-files';
import { startAppServer, type RunningAppServer } from './start-app-server';
import {
  appAndUpstreamAnswers,
  ask,
  locationIdsOf,
  sample,
  startBudgetApp,
  upstreamUseOf,
} from './testing/local-answers';

let demo: Fabric;
let proxy: PublishedProxy;
let app: RunningAppServer;
const dir = mkdtempSync(join(tmpdir(), 'workspace-translate-'));
let fabricSynced: string[];
let fabricNotSynced: string;

const startApp = (workspaceDir: string) =>
  startAppServer({
    port: 0,
    host: '127.0.0.1',
    env: { SERVICE_URL: proxy.url, SERVICE_TOKEN: TOKEN, WORKSPACE_DIR: workspaceDir },
    log: () => {},
  });

beforeAll(async () => {
  demo = await twoCountyFabric(demoFabric());
  proxy = await startPublishedProxy(demo);
  const manifest = await runSync(syncOptions(proxy.url, dir));
  fabricSynced = manifest.fabricVintages;
  fabricNotSynced = demo.vintages.map((v) => v.vintage).find((v) => !fabricSynced.includes(v))!;
  app = await startApp(dir);
});
afterAll(async () => {
  await app?.close();
  await proxy?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The app server's answer, upstream's own, and the translate requests the app's call sent upstream. */
const appAndUpstream = (path: string, from = app) =>
  appAndUpstreamAnswers(from.url, proxy, (op) => op === 'translate', path);

const toUuid = (v: string, id: number | string) =>
  `/fabricext/${v}/translate?src=location_id&dest=uuid&id=${id}`;
const toLocationId = (v: string, uuid: string) =>
  `/fabricext/${v}/translate?src=uuid&dest=location_id&id=${uuid}`;

const idsOf = (v: string, present = true, county = COUNTY) =>
  locationIdsOf(demo, v, present, county);

const neighbour = () => demo.counties!.find((c) => c.geoid !== COUNTY)!.geoid;

/** Upstream's uuid of a location in vintage v. */
async function upstreamUuid(v: string, id: number): Promise<string> {
  const { body } = await ask(proxy.url, toUuid(v, id), undefined, true);
  return (body as { uuid: string }[])[0]!.uuid;
}

it('answers translate both ways for synced locations of each synced vintage from the workspace, equal to upstream', async () => {
  for (const v of fabricSynced) {
    for (const id of sample(idsOf(v), 15)) {
      const forth = await appAndUpstream(toUuid(v, id));
      expect(forth.fromUpstream.status, `${v} ${id}`).toBe(200);
      expect((forth.fromUpstream.body as unknown[]).length, `${v} ${id}`).toBe(1);
      expect(forth.fromApp, `${v} ${id}`).toEqual(forth.fromUpstream);
      expect(forth.sent, `${v} ${id}: requests upstream`).toBe(0);
      const uuid = (forth.fromUpstream.body as { uuid: string }[])[0]!.uuid;
      const back = await appAndUpstream(toLocationId(v, uuid));
      expect(back.fromUpstream.body, `${v} ${uuid}`).toEqual(forth.fromUpstream.body);
      expect(back.fromApp, `${v} ${uuid}`).toEqual(back.fromUpstream);
      expect(back.sent, `${v} ${uuid}: requests upstream`).toBe(0);
    }
  }
});

it('sends translate upstream for a location outside the synced county, and answers as upstream does', async () => {
  const v = fabricSynced[fabricSynced.length - 1]!;
  // A location of the synced county beside it is answered here.
  const held = await appAndUpstream(toUuid(v, sample(idsOf(v), 3)[1]!));
  expect(held.fromApp).toEqual(held.fromUpstream);
  expect(held.sent).toBe(0);
  for (const id of sample(idsOf(v, true, neighbour()), 3)) {
    const forth = await appAndUpstream(toUuid(v, id));
    expect((forth.fromUpstream.body as unknown[]).length).toBe(1);
    expect(forth.fromApp).toEqual(forth.fromUpstream);
    expect(forth.sent, `location ${id}`).toBe(1);
    const back = await appAndUpstream(toLocationId(v, await upstreamUuid(v, id)));
    expect(back.fromApp).toEqual(back.fromUpstream);
    expect(back.sent, `location ${id} by uuid`).toBe(1);
  }
});

it('sends translate upstream for a fabric vintage not synced, and for a location absent from the vintage asked', async () => {
  expect(fabricNotSynced).toBeDefined();
  const [older, newer] = [fabricSynced[0]!, fabricSynced[fabricSynced.length - 1]!];
  const id = idsOf(newer).find((x) => idsOf(fabricNotSynced).includes(x))!;
  // The same location in a synced vintage is answered here.
  const synced = await appAndUpstream(toUuid(newer, id));
  expect(synced.fromApp).toEqual(synced.fromUpstream);
  expect(synced.sent).toBe(0);
  const old = await appAndUpstream(toUuid(fabricNotSynced, id));
  expect((old.fromUpstream.body as unknown[]).length).toBe(1);
  expect(old.fromApp).toEqual(old.fromUpstream);
  expect(old.sent).toBe(1);
  // Synced in the newer vintage, absent from the older: upstream answers none, and says so.
  const absent = idsOf(older, false).find((x) => idsOf(newer).includes(x))!;
  const none = await appAndUpstream(toUuid(older, absent));
  expect(none.fromUpstream).toEqual({ status: 200, body: [] });
  expect(none.fromApp).toEqual(none.fromUpstream);
  expect(none.sent).toBe(1);
  // A uuid is a feature of one vintage: the newer one's, asked in the older, goes upstream.
  const both = idsOf(older).find((x) => idsOf(newer).includes(x))!;
  const other = await appAndUpstream(toLocationId(older, await upstreamUuid(newer, both)));
  expect(other.fromApp).toEqual(other.fromUpstream);
  expect(other.sent).toBe(1);
});

it('sends upstream an id written otherwise than upstream writes it, an id into its own kind, and a bad id', async () => {
  const v = fabricSynced[fabricSynced.length - 1]!;
  const [id] = sample(idsOf(v), 2);
  const uuid = await upstreamUuid(v, id!);
  // Written as upstream writes them, both are answered here.
  for (const path of [toUuid(v, id!), toLocationId(v, uuid)]) {
    const { fromApp, fromUpstream, sent } = await appAndUpstream(path);
    expect(fromApp, path).toEqual(fromUpstream);
    expect(sent, path).toBe(0);
  }
  const paths = [
    toUuid(v, `00${id}`),
    toLocationId(v, uuid.toUpperCase()),
    `/fabricext/${v}/translate?src=location_id&dest=location_id&id=${id}`,
    `/fabricext/${v}/translate?src=uuid&dest=uuid&id=${uuid}`,
    toUuid(v, 'abc'),
  ];
  for (const path of paths) {
    const { fromApp, fromUpstream, sent } = await appAndUpstream(path);
    expect(fromApp, path).toEqual(fromUpstream);
    expect(sent, path).toBe(1);
  }
});

it('opens a workspace synced before the uuids were kept, and sends its translate upstream', async () => {
  const older = mkdtempSync(join(tmpdir(), 'workspace-translate-format1-'));
  try {
    cpSync(dir, older, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(older, MANIFEST), 'utf8')) as Record<
      string,
      unknown
    >;
    rmSync(join(older, manifest.uuidsFile as string));
    delete manifest.uuidsFile;
    writeFileSync(join(older, MANIFEST), JSON.stringify({ ...manifest, format: 1 }));
    const formerApp = await startApp(older);
    try {
      const health = (await (await fetch(`${formerApp.url}/api/health`)).json()) as {
        capabilities: { data: { kind: string } };
      };
      expect(health.capabilities.data.kind).toBe('workspace');
      const v = fabricSynced[fabricSynced.length - 1]!;
      const [id] = sample(idsOf(v), 2);
      const { fromApp, fromUpstream, sent } = await appAndUpstream(toUuid(v, id!), formerApp);
      expect((fromUpstream.body as unknown[]).length).toBe(1);
      expect(fromApp).toEqual(fromUpstream);
      expect(sent).toBe(1);
      // The same folder synced now answers it here.
      expect((await appAndUpstream(toUuid(v, id!))).sent).toBe(0);
    } finally {
      await formerApp.close();
    }
  } finally {
    rmSync(older, { recursive: true, force: true });
  }
});

it('counts no upstream credit in the person budgets for a translate answered from the workspace', async () => {
  const server = await startBudgetApp(proxy.url, dir);
  try {
    const v = fabricSynced[fabricSynced.length - 1]!;
    const [held] = sample(idsOf(v), 2);
    const [outside] = sample(idsOf(v, true, neighbour()), 2);
    const paths = [held, outside].map((id) => toUuid(v, id!));
    // Only the location outside the workspace reached upstream.
    expect(await upstreamUseOf(server.app.url, paths)).toEqual([
      { name: 'ana', requests: 1, credits: 1 },
    ]);
  } finally {
    await server.close();
  }
});
