// What a sync will cost, asked before it starts (the app's "Add to workspace"): the metadata,
// then each county's boundary and collect3 answers, sent through the sync's own journal so the
// sync never asks them again; from those, the requests per operation the sync will still send,
// their credits at listapis' prices, and the minutes at the sync's rate.
import { countyCost } from './county-cost';
import { journalDir, openJournal } from './journal';
import { settleAll, type PullContext } from './pull-locations';
import { countyUuids } from './pull-county';
import { createRequestBudget } from './request-budget';
import type { SyncOptions } from './run-sync';
import { createServiceClient } from './service-client';
import { syncAreas } from './sync-areas';
import { syncMetadata } from './sync-metadata';
import { verifyCost } from './verify-data';
import { HISTORY_SAMPLE } from './verify-history';
import { readManifest } from './workspace-files';

export interface SyncEstimate {
  /** Every county the workspace holds once synced, the ones this sync adds marked. */
  counties: { geoid: string; name: string; added: boolean }[];
  fabricVintages: string[];
  coverageVintages: string[];
  /** Locations of the added counties per fabric vintage. */
  locations: Record<string, number>;
  /** Requests the sync will send per operation ("fabric/bulk"); journaled answers count none. */
  requests: Record<string, number>;
  /** False when fabricext/history is a floor (the retired locations are known after bulk). */
  exact: boolean;
  credits: number;
  /** At the sync's rate (requests a minute). */
  minutes: number;
  /** What this estimate sent; journaled, so the sync sends none of it again. */
  spent: { requests: Record<string, number>; credits: number };
}

const METADATA = ['accountcontrol/listapis', 'fabric/vintages', 'coverage/vintages'];
/** The operations the sync asks by GET (the others by POST). */
const GETS = ['fabricext/history', 'fabric/fields', 'fabric/data'];

export async function estimateSync(o: SyncOptions): Promise<SyncEstimate> {
  const host = new URL(o.access.url).host;
  const before = readManifest(o.workspaceDir);
  const held = new Set(before?.sourceHost === host ? before.areas.map((a) => a.geoid) : []);
  const areas = syncAreas(o.workspaceDir, host, o.counties ?? [], o.state);
  const journal = openJournal(journalDir(o.workspaceDir, host));
  const client = createServiceClient({
    access: o.access,
    budget: createRequestBudget(o.ratePerMinute, o.concurrency),
    creditsCeiling: o.credits,
    log: o.log,
    ...(o.retryDelayMs !== undefined ? { retryDelayMs: o.retryDelayMs } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
  });
  const ctx: PullContext = { client, journal, done: () => {} };
  const meta = await syncMetadata(client, o);
  const plan = {
    fabric: meta.fabricPicked,
    coverage: meta.coveragePicked,
    bulkChunk: meta.bulkChunk,
    fixedChunk: meta.fixedChunk,
  };
  const found = await settleAll(areas.counties.map((g) => countyUuids(ctx, g, meta.fabricPicked)));
  const costs = found.map((f, k) => countyCost(journal, areas.counties[k]!, f.uuids, plan));
  const sum = (pick: (c: (typeof costs)[number]) => number) =>
    costs.reduce((n, c) => n + pick(c), 0);
  const requests: Record<string, number> = Object.fromEntries(METADATA.map((op) => [op, 1]));
  requests['fabric/bulk'] = sum((c) => c.bulk);
  requests['coverage/bdcfixed'] = sum((c) => c.bdcfixed);
  requests['fabricext/history'] = sum((c) => c.history);
  // The check of the workspace's own data records (verify-data.ts): a new sample per vintage
  // when a county is added, or when the vintage was never checked.
  const added = areas.counties.map((g) => !held.has(g));
  const check = verifyCost(
    journal,
    meta.fabricPicked,
    meta.coveragePicked,
    (v) => added.some(Boolean) || !before?.localData[v],
  );
  // The check of the workspace's own history (verify-history.ts), when it holds every fabric
  // vintage upstream lists: a new sample per vintage when a county is added or the vintage was
  // never checked, of HISTORY_SAMPLE of its locations (fewer when it has fewer).
  const everyVintage = meta.offered.every((r) => meta.fabricPicked.includes(r.vintage));
  if (everyVintage)
    requests['fabricext/history'] += meta.fabricPicked.reduce(
      (n, v, vi) =>
        added.some(Boolean) || !before?.localHistory?.vintages[v]
          ? n +
            Math.min(
              HISTORY_SAMPLE,
              sum((c) => c.locations[vi]!),
            )
          : n,
      0,
    );
  requests['fabric/fields'] = check.fields;
  requests['fabric/bulk'] += check.bulk;
  requests['fabric/data'] = check.data;
  const price = (op: string) => {
    const [api, operation] = op.split('/');
    const method = GETS.includes(op) || METADATA.includes(op) ? 'GET' : 'POST';
    return (
      meta.prices.find(
        (r) => r.api === api && r.operation === operation && r.method.toUpperCase() === method,
      )?.credits ?? 0
    );
  };
  const total = Object.values(requests).reduce((a, b) => a + b, 0);
  return {
    counties: areas.counties.map((geoid, k) => ({
      geoid,
      name: found[k]!.boundary.properties.name ?? geoid,
      added: added[k]!,
    })),
    fabricVintages: meta.fabricPicked,
    coverageVintages: meta.coveragePicked,
    locations: Object.fromEntries(
      meta.fabricPicked.map((v, vi) => [
        v,
        costs.reduce((n, c, k) => n + (added[k] ? c.locations[vi]! : 0), 0),
      ]),
    ),
    requests,
    exact: costs.every((c) => c.exact),
    credits: Object.entries(requests).reduce((n, [op, count]) => n + count * price(op), 0),
    minutes: total / o.ratePerMinute,
    spent: { requests: client.countsByApi(), credits: client.credits() },
  };
}
