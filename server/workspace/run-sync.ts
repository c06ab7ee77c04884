// One sync of a county: metadata (listapis, vintages), the boundary, then per fabric vintage its
// locations, per coverage vintage its fixed coverage, and the retired locations' equivalents;
// then the workspace is assembled and switched in one rename. Requests sent, when nothing is
// journaled yet (docs in README, "Running against the real service"):
//   3 metadata + 1 boundary + collect3 parts
//   + Σ fabric vintages ⌈fields/5⌉ × ⌈locations/maxrequest⌉   (13 fields: 3 calls a chunk)
//   + Σ coverage vintages ⌈locations of its release/1000⌉
//   + retired locations (history, one each).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { UpstreamAccess } from '../app/upstream-env';
import type { FabricVintage } from '../service/store/fabric';
import { assembleFabric } from './assemble-fabric';
import { openJournal } from './journal';
import { BDCFIXED_IDS, equivalentsOf, fixedCoverageOf } from './pull-coverage';
import {
  bulkLocations,
  collectUuids,
  journaled,
  settleAll,
  type PullContext,
} from './pull-locations';
import {
  ApiRowsSchema,
  BoundarySchema,
  CoverageVintagesSchema,
  FIELD_GROUPS,
  FabricVintagesSchema,
} from './published-shapes';
import { createRequestBudget } from './request-budget';
import { createServiceClient } from './service-client';
import { createProgress } from './sync-progress';
import { SyncStopped } from './sync-stopped';
import { writeWorkspace, type WorkspaceManifest } from './workspace-files';

export interface SyncOptions {
  access: UpstreamAccess;
  county: string;
  /** Vintages to hold; the newest two of each when absent (so compare works). */
  fabric?: string[];
  coverage?: string[];
  ratePerMinute: number;
  concurrency: number;
  credits: number | null;
  workspaceDir: string;
  log: (line: string) => void;
  retryDelayMs?: number;
}

/** The vintages asked for, each checked against what the service offers; ascending. */
function pick(kind: string, offered: string[], asked: string[] | undefined): string[] {
  const sorted = [...new Set(offered)].sort();
  if (!asked) return sorted.slice(-2);
  const missing = asked.filter((v) => !sorted.includes(v));
  if (missing.length) {
    throw new SyncStopped(
      `--${kind} ${missing.join(',')}: the service offers ${kind} vintages ${sorted.join(', ')}`,
      2,
    );
  }
  return [...new Set(asked)].sort();
}

const polygons = (g: GeoJSON.Polygon | GeoJSON.MultiPolygon): GeoJSON.MultiPolygon =>
  g.type === 'Polygon' ? { type: 'MultiPolygon', coordinates: [g.coordinates] } : g;

export async function runSync(o: SyncOptions): Promise<WorkspaceManifest> {
  const host = new URL(o.access.url).host;
  const run = `${host.replace(/[^\w.-]/g, '_')}-county-${o.county}`;
  const journal = openJournal(join(o.workspaceDir, '.sync', run));
  const budget = createRequestBudget(o.ratePerMinute, o.concurrency);
  const client = createServiceClient({
    access: o.access,
    budget,
    creditsCeiling: o.credits,
    log: o.log,
    ...(o.retryDelayMs !== undefined ? { retryDelayMs: o.retryDelayMs } : {}),
  });
  const progress = createProgress(o.log);
  const ctx: PullContext = { client, journal, done: progress.done };
  const get = (path: string, label: string) => ({ method: 'GET' as const, path, label });

  // Metadata is asked on every run: it is free and says which vintages are new.
  const prices = await client.call(get('/accountcontrol/listapis', 'listapis'), ApiRowsSchema);
  client.setPrices(prices);
  const maxrequest = (api: string, operation: string, limit: number) =>
    Math.min(
      limit,
      prices.find((r) => r.api === api && r.operation === operation && r.method === 'POST')
        ?.maxrequest ?? limit,
    );
  const offered = await client.call(
    get('/fabric/vintages', 'fabric vintages'),
    FabricVintagesSchema,
  );
  const coverageOffered = await client.call(
    get('/coverage/vintages?type=bdc', 'coverage vintages'),
    CoverageVintagesSchema,
  );
  const fabricPicked = pick(
    'fabric',
    offered.map((v) => v.vintage),
    o.fabric,
  );
  const coveragePicked = pick('coverage', coverageOffered, o.coverage);
  const boundary = await journaled(
    ctx,
    `boundary-${o.county}`,
    get(`/geosvc/libgetgeo/tiger/2020/counties?id=${o.county}`, `boundary of county ${o.county}`),
    BoundarySchema,
  );
  o.log(
    `sync: county ${o.county} from ${host}: fabric ${fabricPicked.join(', ')}, coverage ${coveragePicked.join(', ')}`,
  );

  const uuids = await settleAll(fabricPicked.map((v) => collectUuids(ctx, v, boundary)));
  const bulkChunk = maxrequest('fabric', 'bulk', Number.MAX_SAFE_INTEGER);
  const fixedChunk = maxrequest('coverage', 'bdcfixed', BDCFIXED_IDS);
  // What the newest vintage lacks of the older ones is only known after bulk; plan the rest now.
  const chunks = (n: number, size: number) => Math.ceil(n / size);
  progress.plan(
    uuids.reduce((sum, u) => sum + FIELD_GROUPS.length * chunks(u.length, bulkChunk), 0),
  );
  const locations = await settleAll(
    fabricPicked.map((v, i) => bulkLocations(ctx, v, uuids[i]!, bulkChunk)),
  );
  const idsOf = locations.map((records) => records.map((r) => r.location_id).sort((a, b) => a - b));
  // Coverage of cv is reported on its release: the newest synced fabric vintage not after it.
  const releaseOf = (cv: string) => {
    const i = fabricPicked.reduce((found, v, k) => (v <= cv ? k : found), 0);
    return { vintage: fabricPicked[i]!, ids: idsOf[i]! };
  };
  const newest = new Set(idsOf[idsOf.length - 1]);
  const retired = [...new Set(idsOf.slice(0, -1).flat())].filter((id) => !newest.has(id));
  progress.plan(
    coveragePicked.reduce((sum, cv) => sum + chunks(releaseOf(cv).ids.length, fixedChunk), 0) +
      retired.length,
  );
  const coverage = await settleAll(
    coveragePicked.map(async (cv) => {
      const release = releaseOf(cv);
      const records = await fixedCoverageOf(ctx, cv, release.vintage, release.ids, fixedChunk);
      return { vintage: cv, records };
    }),
  );
  const equivalents = await equivalentsOf(ctx, fabricPicked[fabricPicked.length - 1]!, retired);
  progress.finish();

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
  const state = locations.flat()[0]?.state ?? '';
  const name = boundary.properties.name ?? o.county;
  const fabric = assembleFabric({
    county: { geoid: o.county, name, state, boundary: polygons(boundary.geometry) },
    vintages,
    locations,
    coverage,
    equivalents,
    // The uuid codec's key for the workspace's own answers: fixed per host and county.
    seed: createHash('sha256').update(run).digest().readUInt32LE(0),
  });
  return writeWorkspace(o.workspaceDir, fabric, {
    sourceHost: host,
    areas: [{ kind: 'county', geoid: o.county, name }],
    fabricVintages: fabricPicked,
    coverageVintages: coveragePicked,
    syncedAt: new Date().toISOString(),
    locations: fabric.locations.count,
    requests: client.counts(),
    credits: client.credits(),
  });
}
