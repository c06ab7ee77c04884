// One sync of counties or a state into the workspace: metadata (listapis, vintages), then per
// county its boundary, locations per fabric vintage and fixed coverage per coverage vintage,
// then the retired locations' equivalents; then the workspace is assembled over every county it
// holds (those synced before from the same host are kept) and switched in one rename; with
// STORE=postgis it is then published into the database (publish-workspace.ts). Requests
// sent, when nothing is journaled yet (docs in README, "Running against the real service"):
//   3 metadata
//   + Σ counties [ 1 boundary + collect3 parts
//       + Σ fabric vintages ⌈fields/5⌉ × ⌈uuids collect3 found/maxrequest⌉  (13 fields: 3)
//       + Σ coverage vintages ⌈locations of its release in the county/1000⌉ ]
//   + retired locations (history, one each)
//   + Σ fabric vintages whose coverage vintage (the same YYYYMM) is synced: the check of its
//     data records (verify-data.ts): 1 fields + ⌈fields beyond the 13 and uuid/5⌉ bulk of a
//     sample + 1 data (23 fields: 4); fewer when a step already differs
//   + when the workspace holds every fabric vintage upstream lists, Σ fabric vintages the check
//     of its history (verify-history.ts): min(4, its synced locations present in it or first
//     present after it) history; the newest vintage's retired ones are asked already.
import { createHash } from 'node:crypto';
import type { UpstreamAccess } from '../app/upstream-env';
import type { StoreSettings } from '../config/store-env';
import { describeUrl } from '../postgis/connection';
import type { FabricVintage } from '../service/store/fabric';
import { assembleFabric } from './assemble-fabric';
import { journalDir, openJournal } from './journal';
import { equivalentsOf } from './pull-coverage';
import {
  chunks,
  countyCoverage,
  countyLocations,
  pullCountyCoverage,
  pullCountyLocations,
  releaseIndex,
  type PulledCounty,
} from './pull-county';
import { settleAll, type PullContext } from './pull-locations';
import { createRequestBudget } from './request-budget';
import { publishWorkspace, type PublishFigures } from './publish-workspace';
import { createServiceClient } from './service-client';
import { createProgress, type SyncCounts } from './sync-progress';
import { syncAreas } from './sync-areas';
import { EXIT, SyncStopped } from './sync-stopped';
import { syncMetadata } from './sync-metadata';
import { indexIn, joinedIds, uniqueIds } from './sorted-ids';
import { vintageUuids, type VintageUuids } from './upstream-uuids';
import { verifyLocalData } from './verify-data';
import { verifyLocalHistory } from './verify-history';
import { writeWorkspace, type WorkspaceManifest } from './workspace-files';
import type { SyncStep } from '../../shared/workspace-sync';

export interface SyncOptions {
  access: UpstreamAccess;
  /** Counties to add (5-digit GEOIDs); with `state`, or alone. */
  counties?: string[];
  /** A state to add whole (2-digit FIPS code). */
  state?: string;
  /** Vintages to hold; the newest two of each when absent (so compare works). */
  fabric?: string[];
  coverage?: string[];
  ratePerMinute: number;
  concurrency: number;
  credits: number | null;
  workspaceDir: string;
  log: (line: string) => void;
  retryDelayMs?: number;
  /** Where the workspace is kept besides its folder: PostGIS publishes it there too. */
  store?: StoreSettings;
  /** Stops the sync (the app's Cancel): nothing more is sent, what is journaled stays. */
  signal?: AbortSignal;
  /** Called as requests are planned and done (the app's progress bar). */
  onProgress?: (p: SyncCounts) => void;
  /** Called as the sync moves past its requests (the app's dialog says what it does then). */
  onStep?: (step: SyncStep) => void;
}

export type SyncResult = WorkspaceManifest & { published?: PublishFigures };

/** The workspace just written published into PostGIS, or a SyncStopped saying why not. */
async function publishInto(
  url: string,
  fabric: Parameters<typeof publishWorkspace>[1],
  uuids: readonly VintageUuids[],
  manifest: WorkspaceManifest,
  log: (line: string) => void,
): Promise<PublishFigures> {
  try {
    return await publishWorkspace(url, fabric, uuids, manifest, log);
  } catch (err) {
    throw new SyncStopped(
      `the workspace is synced into its folder but not published into the database at ${describeUrl(url)} (the one published before is still served): ${(err as Error).message}`,
      EXIT.publish,
    );
  }
}

/** Iterables one after the other, as often as it is iterated. */
const concatenated = <T>(parts: Iterable<T>[]): Iterable<T> => ({
  *[Symbol.iterator]() {
    for (const part of parts) yield* part;
  },
});

/** The location_ids of the older vintages the newest lacks, once each, ascending. */
function retiredIds(pulled: readonly PulledCounty[]): number[] {
  const newest = joinedIds(pulled.map((c) => c.ids.at(-1)!)).sort();
  const retired = new Set<number>();
  for (const c of pulled)
    for (const ids of c.ids.slice(0, -1))
      for (const id of ids) if (indexIn(newest, id) < 0) retired.add(id);
  return [...retired].sort((a, b) => a - b);
}

export async function runSync(o: SyncOptions): Promise<SyncResult> {
  const host = new URL(o.access.url).host;
  const areas = syncAreas(o.workspaceDir, host, o.counties ?? [], o.state);
  const journal = openJournal(journalDir(o.workspaceDir, host));
  const budget = createRequestBudget(o.ratePerMinute, o.concurrency);
  const client = createServiceClient({
    access: o.access,
    budget,
    creditsCeiling: o.credits,
    log: o.log,
    ...(o.retryDelayMs !== undefined ? { retryDelayMs: o.retryDelayMs } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
  });
  const progress = createProgress(o.log, 2000, o.onProgress, () => ({
    sent: Object.values(client.counts()).reduce((a, b) => a + b, 0),
    credits: client.credits(),
  }));
  const ctx: PullContext = { client, journal, done: progress.done };
  const { offered, fabricPicked, coveragePicked, bulkChunk, fixedChunk } = await syncMetadata(
    client,
    o,
  );
  o.log(
    `sync: ${areas.summary} from ${host}: fabric ${fabricPicked.join(', ')}, coverage ${coveragePicked.join(', ')}`,
  );

  const pulled = await settleAll(
    areas.counties.map((g) => pullCountyLocations(ctx, g, fabricPicked, bulkChunk, progress.plan)),
  );
  // What the newest vintage lacks of the older ones is only known after bulk; plan the rest now.
  const retired = retiredIds(pulled);
  progress.plan(
    pulled.reduce(
      (sum, c) =>
        sum +
        coveragePicked.reduce(
          (n, cv) => n + chunks(c.ids[releaseIndex(fabricPicked, cv)]!.length, fixedChunk),
          0,
        ),
      0,
    ) + retired.length,
  );
  await settleAll(
    pulled.map((c) => pullCountyCoverage(ctx, c, fabricPicked, coveragePicked, fixedChunk)),
  );
  const equivalents = await equivalentsOf(ctx, fabricPicked[fabricPicked.length - 1]!, retired);

  const vintages: FabricVintage[] = fabricPicked.map((v) => {
    const r = offered.find((x) => x.vintage === v)!;
    return {
      vintage: v,
      svcversion: r.svcversion ?? Number(r.cqaversion),
      fccversion: r.fccversion,
      fccrelease: r.fccrelease,
      ntiaversion: r.ntiaversion ?? null,
      vintagename: r.vintagename,
    };
  });
  // A county's state as its records name it; one without locations takes its neighbours'.
  const stateOf = (c: PulledCounty) =>
    c.state ??
    pulled
      .filter((d) => d.geoid.slice(0, 2) === c.geoid.slice(0, 2))
      .map((d) => d.state)
      .find(Boolean) ??
    '';
  // Seconds of work without a request at a county, minutes at a state: said before, timed after.
  const assembling = performance.now();
  o.onStep?.('assembling');
  o.log('sync: every answer received; assembling the workspace from the journal');
  const fabric = assembleFabric({
    counties: pulled.map((c) => ({
      geoid: c.geoid,
      name: c.name,
      state: stateOf(c),
      boundary: c.boundary,
    })),
    vintages,
    // Every record is read back from the journal as the fabric is filled, never held all at once.
    locationIds: uniqueIds(joinedIds(pulled.flatMap((c) => c.ids))),
    locations: fabricPicked.map((v) =>
      concatenated(pulled.map((c) => countyLocations(journal, c.geoid, v, bulkChunk))),
    ),
    coverage: coveragePicked.map((cv) => ({
      vintage: cv,
      records: concatenated(
        pulled.map((c) => countyCoverage(journal, c, fabricPicked, cv, fixedChunk)),
      ),
    })),
    equivalents,
    // The uuid codec's key for the workspace's own answers: fixed per host, whatever it holds.
    seed: createHash('sha256').update(host).digest().readUInt32LE(0),
  });
  // Upstream's uuid of each location in each vintage, read back once more: translate's answers.
  const uuids = fabricPicked.map((v) =>
    vintageUuids(
      v,
      concatenated(pulled.map((c) => countyLocations(journal, c.geoid, v, bulkChunk))),
    ),
  );
  o.log(
    `sync: ${fabric.locations.count} locations assembled in ${((performance.now() - assembling) / 1000).toFixed(1)} s; checking the workspace's answers against a sample of upstream's`,
  );
  o.onStep?.('checking');
  // Whether the workspace's own record of each vintage is upstream's (data answered locally).
  const localData = await verifyLocalData(ctx, {
    fabric,
    fabricVintages: fabricPicked,
    coverageVintages: coveragePicked,
    uuids,
    records: fabricPicked.map((v) =>
      concatenated(pulled.map((c) => countyLocations(journal, c.geoid, v, bulkChunk))),
    ),
    bulkChunk,
    plan: progress.plan,
    log: o.log,
  });
  // Whether the workspace's own history of each vintage is upstream's (history answered locally).
  const localHistory = await verifyLocalHistory(ctx, {
    fabric,
    offered: offered.map((r) => ({
      vintage: r.vintage,
      version: r.svcversion ?? Number(r.cqaversion),
    })),
    retired,
    plan: progress.plan,
    log: o.log,
  });
  progress.finish();
  const manifest = writeWorkspace(o.workspaceDir, fabric, uuids, {
    sourceHost: host,
    areas: pulled.map((c) => ({ kind: 'county' as const, geoid: c.geoid, name: c.name })),
    states: areas.states,
    fabricVintages: fabricPicked,
    coverageVintages: coveragePicked,
    localData,
    localHistory,
    syncedAt: new Date().toISOString(),
    locations: fabric.locations.count,
    requests: client.counts(),
    credits: client.credits(),
  });
  if (o.store?.kind !== 'postgis') return manifest;
  o.onStep?.('publishing');
  return {
    ...manifest,
    published: await publishInto(o.store.url, fabric, uuids, manifest, o.log),
  };
}
