// The estimate of a sync, asked before it, is what the sync then sends, operation by operation
// as the published-only proxy counts them; what the estimate asked (boundary, collect3) the
// sync does not ask again; once synced, an estimate of the same finds nothing left to pull.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPublishedProxy, type PublishedProxy } from './published-proxy';
import { runSync } from './run-sync';
import { estimateSync } from './sync-estimate';
import { demoFabric } from './testing/sync-fixture';
import { seenByOperation, syncOptions } from './testing/sync-options';

let proxy: PublishedProxy;
const dir = mkdtempSync(join(tmpdir(), 'sync-estimate-'));

beforeAll(async () => {
  proxy = await startPublishedProxy(demoFabric());
});
afterAll(async () => {
  await proxy.close();
  rmSync(dir, { recursive: true, force: true });
});

it('counts, before the sync, the requests and credits the sync then spends', async () => {
  const estimate = await estimateSync(syncOptions(proxy.url, dir));
  expect(estimate.spent.requests).toEqual(seenByOperation(proxy, 0));
  expect(estimate.spent.requests['fabric/collect3']).toBeGreaterThan(0);
  expect(estimate.counties).toEqual([{ geoid: '17167', name: expect.any(String), added: true }]);
  expect(Object.values(estimate.locations).every((n) => n > 1000)).toBe(true);

  const from = proxy.seen.length;
  const manifest = await runSync(syncOptions(proxy.url, dir));
  const sent = seenByOperation(proxy, from);
  // History is a floor before the records are read: which locations retired is known after.
  const { 'fabricext/history': history, ...rest } = estimate.requests;
  const { 'fabricext/history': sentHistory = 0, ...sentRest } = sent;
  expect(sentRest).toEqual(Object.fromEntries(Object.entries(rest).filter(([, n]) => n > 0)));
  expect(sentHistory).toBeGreaterThanOrEqual(history!);
  expect(estimate.exact).toBe(false);
  const historyPrice = 1;
  expect(manifest.credits).toBe(estimate.credits + (sentHistory - history!) * historyPrice);

  // All journaled now: the same estimate finds only the metadata to ask, exactly.
  const again = await estimateSync(syncOptions(proxy.url, dir));
  expect(again.exact).toBe(true);
  expect(again.requests).toMatchObject({ 'fabric/bulk': 0, 'coverage/bdcfixed': 0 });
  expect(again.requests['fabricext/history']).toBe(0);
  expect(again.counties[0]!.added).toBe(false);
});
