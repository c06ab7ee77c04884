// The app's Add to workspace over real HTTP: an app server in upstream mode (the reference
// service behind the published-only proxy) with the demo county synced adds the neighbour. The
// estimate says what the sync then sends, per operation as the proxy counts them; a cancel
// mid-sync leaves the served workspace as it was, and starting again resumes without asking
// anything twice; the finished sync is switched in without a restart, a report begun before
// the switch still answered whole by the workspace it began on.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SyncEstimateAnswer } from '../../../shared/workspace-sync';
import { createMemoryStore } from '../../service/store/memory/memory-store';
import { readManifest } from '../../workspace/workspace-files';
import { startAppServer } from '../start-app-server';
import { COUNTY, seenByOperation } from '../../workspace/testing/sync-options';
import { NEIGHBOUR } from '../../workspace/testing/two-counties';
import { call, settled, square, startSyncApp, type SyncApp } from './testing/sync-app';

let s: SyncApp;
beforeAll(async () => {
  s = await startSyncApp();
});
afterAll(async () => {
  await s?.close();
});

const METADATA = new Set(['listApis', 'fabricVintages', 'coverageVintages']);
const areas = async () => {
  const health = (await call(s.app.url, 'GET', '/api/health')).json;
  const data = (health.capabilities as { data: { areas: { geoid: string }[] } }).data;
  return data.areas.map((a) => a.geoid);
};
/** A report over a square in the neighbour county, from the app server. */
const neighbourSquare = () => {
  // Counties in GEOID order: the neighbour (17021) is the fabric's county 0.
  const i = s.service.locations.county!.indexOf(0);
  return square(s.service.locations.lng[i]!, s.service.locations.lat[i]!, 0.01);
};
const REPORT = '/api/fabricext/202506/report?coverage=202506';

it('refuses bodies that are not one of the three forms, naming the rule', async () => {
  const cases: [unknown, RegExp][] = [
    [{}, /exactly one of counties, state or area/],
    [{ counties: ['1716'] }, /5-digit county GEOID/],
    [{ counties: [] }, /at least one county/],
    [{ state: 'IL' }, /2-digit FIPS code/],
    [{ state: '17', counties: [COUNTY] }, /exactly one of/],
    [{ county: COUNTY }, /county/],
    [{ area: { type: 'Point', coordinates: [0, 0] } }, /Polygon|MultiPolygon|type/],
    [{ state: '99' }, /no state has that FIPS code/],
  ];
  for (const [body, rule] of cases) {
    for (const path of ['/api/workspace/estimate', '/api/workspace/sync']) {
      const { status, json } = await call(s.app.url, 'POST', path, body);
      expect(status, JSON.stringify(body)).toBe(400);
      const error = json.error as { code: string; message: string };
      expect(error.code).toBe('invalid_body');
      expect(error.message).toMatch(rule);
    }
  }
  const bad = await fetch(`${s.app.url}/api/workspace/sync`, {
    method: 'POST',
    body: '{',
    headers: { 'content-type': 'application/json' },
  });
  expect(bad.status).toBe(400);
});

it('stops on an answer without the published shape, naming the operation and chunk', async () => {
  const before = readManifest(s.dir);
  let bulks = 0;
  s.proxy.fault = (req) =>
    req.op === 'bulk' && ++bulks === 2
      ? { alter: (text) => text.replace(/"uuid"/, '"uid"') }
      : undefined;
  const started = await call(s.app.url, 'POST', '/api/workspace/sync', { counties: [NEIGHBOUR] });
  expect(started.status).toBe(202);
  const failed = await settled(s.app.url);
  s.proxy.fault = null;
  expect(failed.state).toBe('failed');
  expect(failed.message).toMatch(
    /^bulk 20\d{4} county 17021 chunk \d+ of \d+ \(fields [a-z_, ]+\): the answer does not have the published shape at 0\.uuid/,
  );
  expect(failed.log.at(-1)).toContain(failed.message);
  expect(readManifest(s.dir)).toEqual(before);
  expect(await areas()).toEqual([COUNTY]);
});

it('cancels mid-sync leaving the workspace served as it was, and resumes asking nothing twice', async () => {
  const before = readManifest(s.dir);
  const first = await call(s.app.url, 'POST', '/api/workspace/estimate', { counties: [NEIGHBOUR] });
  expect(first.status).toBe(200);
  const estimate = first.json as unknown as SyncEstimateAnswer;
  expect(estimate.counties.find((c) => c.geoid === NEIGHBOUR)?.added).toBe(true);
  const emptyBefore = await call(s.app.url, 'POST', REPORT, neighbourSquare());
  expect(emptyBefore.json.locationcount).toBe(0);

  const from = s.proxy.seen.length;
  let cancelling: Promise<unknown> | null = null;
  s.proxy.fault = () => {
    if (!cancelling && s.proxy.seen.length - from === 12)
      cancelling = call(s.app.url, 'DELETE', '/api/workspace/sync');
    return undefined;
  };
  const started = await call(s.app.url, 'POST', '/api/workspace/sync', { counties: [NEIGHBOUR] });
  expect(started.status).toBe(202);
  expect(started.json.state).toBe('running');
  const again = await call(s.app.url, 'POST', '/api/workspace/sync', { counties: [NEIGHBOUR] });
  expect(again.status).toBe(409);
  expect((again.json.error as { code: string }).code).toBe('sync_running');
  const cancelled = await settled(s.app.url);
  s.proxy.fault = null;
  expect(cancelling).not.toBeNull();
  expect(cancelled.state).toBe('cancelled');
  expect(cancelled.message).toMatch(/cancelled/);
  expect(readManifest(s.dir)).toEqual(before);
  expect(await areas()).toEqual([COUNTY]);
  const firstRun = s.proxy.seen.slice(from);

  // A report begun now, its body still coming, is answered by the workspace it began on.
  let send!: (text: string) => void;
  const whole = JSON.stringify(neighbourSquare());
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(whole.slice(0, 10)));
      send = (text) => {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      };
    },
  });
  const held = fetch(s.app.url + REPORT, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    duplex: 'half',
  } as RequestInit);
  await new Promise((ok) => setTimeout(ok, 300));

  const resumedFrom = s.proxy.seen.length;
  const resumed = await call(s.app.url, 'POST', '/api/workspace/sync', { counties: [NEIGHBOUR] });
  expect(resumed.status).toBe(202);
  const done = await settled(s.app.url);
  expect(done.state, done.message ?? '').toBe('done');
  expect(done.requests.done).toBe(s.proxy.seen.length - resumedFrom);
  send(whole.slice(10));
  const answer = await held;
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { locationcount: number }).locationcount).toBe(0);

  // Nothing but the metadata asked twice; together the two runs sent what was estimated.
  const asked = [...firstRun, ...s.proxy.seen.slice(resumedFrom)]
    .filter((r) => !METADATA.has(r.op))
    .map((r) => `${r.method} ${r.path} ${r.body}`);
  expect(new Set(asked).size).toBe(asked.length);
  const sent = seenByOperation(s.proxy, from);
  for (const op of ['fabric/bulk', 'coverage/bdcfixed'])
    expect(sent[op], op).toBe(estimate.requests[op]);
  expect(sent['fabricext/history'] ?? 0).toBeGreaterThanOrEqual(
    estimate.requests['fabricext/history']!,
  );

  // Switched in without a restart: health names the neighbour, and its report answers.
  expect(await areas()).toEqual([NEIGHBOUR, COUNTY]);
  const report = await call(s.app.url, 'POST', REPORT, neighbourSquare());
  expect(report.status).toBe(200);
  expect(report.json.locationcount).toBeGreaterThan(0);
});

it('answers 409 sync_not_running to a cancel with nothing running', async () => {
  const { status, json } = await call(s.app.url, 'DELETE', '/api/workspace/sync');
  expect(status).toBe(409);
  expect((json.error as { code: string }).code).toBe('sync_not_running');
});

it('answers 409 workspace_not_available in the embedded demo, which needs no sync', async () => {
  const store = createMemoryStore(s.service);
  const demo = await startAppServer({ port: 0, host: '127.0.0.1', env: {}, store, log: () => {} });
  try {
    for (const [method, path] of [
      ['POST', '/api/workspace/estimate'],
      ['POST', '/api/workspace/sync'],
      ['GET', '/api/workspace/sync'],
      ['DELETE', '/api/workspace/sync'],
    ] as const) {
      const { status, json } = await call(
        demo.url,
        method,
        path,
        method === 'POST' ? {} : undefined,
      );
      expect(status, `${method} ${path}`).toBe(409);
      const error = json.error as { code: string; message: string };
      expect(error.code).toBe('workspace_not_available');
      expect(error.message).toMatch(/demo needs no sync/);
    }
  } finally {
    await demo.close();
    await store.close();
  }
});
