// Upstream with a workspace (npm run sync): the project's own operations, which the real
// service does not publish, are answered by the reference service in process over the synced
// counties (one fabric spanning them all, so an area across two is answered whole). Of the
// published operations four are answered here too, each only when the workspace holds exactly
// upstream's answer, with no credit spent and no round trip:
// - bdcfixed: the vintage is named and synced, and every location asked is one the sync asked
//   bdcfixed of for that vintage (the county's locations of its release, the newest synced
//   fabric vintage not after it). The workspace keeps those answers as they came, in their
//   order (the published record's fields, spec 2.5, which are all the sync keeps), and a
//   coverage vintage's records do not change once published.
// - translate (location_id → uuid and uuid → location_id): the fabric vintage is synced and the
//   id is one of its synced locations, or the uuid bulk named for one. Every bulk record carries
//   both ids, and the sync keeps upstream's uuid per location per vintage (upstream-uuids.ts),
//   apart from the workspace's own (the uuid codec's, keyed per host). An id written any other
//   way than upstream names it (leading zeros, upper-case hex) still goes upstream, as does an
//   id asked into its own kind. A workspace synced before the uuids were kept sends translate
//   upstream until it is synced again.
// - data (the panel's address record, by location_id or upstream's uuid): the fabric vintage is
//   one whose records the sync showed to be upstream's (manifest.localData, verify-data.ts) and
//   the location one of its synced locations. A record holds every field `fields` lists; the
//   sync pulls 13 and the workspace computes the rest as the reference service does (the
//   coverage fields from the coverage vintage of the same YYYYMM), so the answer is the
//   workspace's own record with upstream's uuid. A workspace synced before the check sends
//   data upstream.
// - history (by location_id): upstream's record at vintage v is, by the reference rule, none
//   when the location is in no release up to v, else its first and last versions among the
//   releases up to v, and its retirement equivalent only when it is absent from v and the
//   equivalent is present in v. So it is answered here when the sync held every fabric vintage
//   upstream lists and showed v's answers to be upstream's (manifest.localHistory,
//   verify-history.ts: a sample per vintage, and at the newest every retired location's answer,
//   asked for its equivalent anyway); upstream lists no other vintage now (its last
//   /fabric/vintages answer, at most VINTAGES_FRESH_MS old, else asked); the id is written as
//   upstream writes it and is a location the workspace holds in some vintage; and, when the
//   location is absent from v, v is the newest and its equivalent is one the workspace holds
//   (not in `elsewhere`). Assumed, not checkable: a synced location's absence from a synced
//   county's vintage is its absence upstream (it did not move out of the counties).
// Anything else (a location outside the synced counties, a vintage not synced or not named or
// not verified, a parameter the check does not know) still goes upstream. Every other published
// operation goes upstream:
// - locate and match: the workspace has no parcels or footprints, so its locate could only
//   say Nearest.
// The workspace is the folder's, loaded into memory, or the one published into PostGIS
// (STORE=postgis), held.
import {
  ALL_VIEWS,
  dataSourceLabel,
  dataSourceStamp,
  type DataSource,
} from '../../shared/capabilities';
import { findOperation } from '../contract/operations';
import {
  BulkVintageQuery,
  FixedBulkBody,
  FixedQuery,
  MAX_COVERAGE_IDS,
} from '../contract/schemas/coverage';
import { createMemoryStore } from '../service/store/memory/memory-store';
import type { HeldWorkspace } from '../workspace/published-workspace';
import { releaseIndex } from '../workspace/pull-county';
import {
  readManifest,
  readUpstreamUuids,
  readWorkspaceFabric,
  type WorkspaceManifest,
} from '../workspace/workspace-files';
import type { Store } from '../service/store/store';
import { TranslateQuery, type TranslateRecord } from '../contract/schemas/fabricext';
import { DataQuery, type LocationRecord } from '../contract/schemas/fabric';
import { upstreamIdsInMemory, type UpstreamIds } from '../workspace/upstream-uuids';
import { ANSWERED_FROM, type Backend } from './backend';
import { createEmbeddedBackend } from './embedded-backend';
import type { LineLogger } from '../node-http/log-lines';
import { renderHistory } from '../service/http/render-fabric';

/** This project's operations (docs/REAL-API.md, "What follows for this project"). */
const OWN = new Set([
  'fixedTile',
  'fixedHexTile',
  'fixedChangeTile',
  'fixedChangeHexTile',
  'places',
  'report',
  'providers',
  'count',
]);

function ownOperation(method: string, url: URL): boolean {
  const op = findOperation(method, url.pathname);
  if (!op) return false;
  if (op.name === 'summarize')
    return ['coverage', 'audience', 'provider'].some((p) => url.searchParams.has(p));
  return OWN.has(op.name);
}

/** A query of exactly these parameters, each given once: their values, else null. */
function onlyParams(url: URL, names: string[]): Record<string, string> | null {
  const keys = [...url.searchParams.keys()];
  if (keys.length !== names.length || names.some((n) => url.searchParams.getAll(n).length !== 1))
    return null;
  return Object.fromEntries(names.map((n) => [n, url.searchParams.get(n)!]));
}

/** Enough for MAX_COVERAGE_IDS ids of 16 digits, quoted, with commas and spaces. */
const FIXED_BODY_BYTES = MAX_COVERAGE_IDS * 24;

/** The location_ids of a bdcfixed body, by the service's own rule (FixedBulkBody), or null. */
function fixedBodyIds(text: string): number[] | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = FixedBulkBody.safeParse(body);
  return parsed.success ? parsed.data.map(Number) : null;
}

/**
 * What a bdcfixed request asks (GET one location, POST up to 1000), by the service's own rules
 * (FixedQuery, BulkVintageQuery), with the vintage named and no other parameter; else null.
 */
async function fixedCoverageAsk(
  request: Request,
  url: URL,
): Promise<{ vintage: string; ids: number[] } | null> {
  if (request.method === 'GET') {
    const q = FixedQuery.safeParse(onlyParams(url, ['location_id', 'vintage']));
    return q.success && q.data.vintage
      ? { vintage: q.data.vintage, ids: [q.data.location_id] }
      : null;
  }
  const q = BulkVintageQuery.safeParse(onlyParams(url, ['vintage']));
  if (!q.success || !q.data.vintage) return null;
  const length = Number(request.headers.get('content-length'));
  if (!request.body || !(length > 0 && length <= FIXED_BODY_BYTES)) return null;
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) return null;
  const ids = fixedBodyIds(await request.clone().text());
  return ids && { vintage: q.data.vintage, ids };
}

/**
 * Whether the workspace holds upstream's bdcfixed answer for this request: the vintage is a
 * synced coverage vintage and every location asked is one of its release's synced locations
 * (those the sync asked bdcfixed of, so their records, none included, are upstream's).
 */
async function holdsFixedCoverage(
  request: Request,
  url: URL,
  store: Store,
  manifest: WorkspaceManifest,
): Promise<boolean> {
  const ask = await fixedCoverageAsk(request, url);
  if (!ask || !manifest.coverageVintages.includes(ask.vintage)) return false;
  const release = manifest.fabricVintages[releaseIndex(manifest.fabricVintages, ask.vintage)];
  if (!release) return false;
  const ids = [...new Set(ask.ids)];
  const held = await store.bulkLocations(release, { location_id: ids }, ['location_id']);
  return held.length === ids.length;
}

/** location_id as upstream writes it (no sign, no leading zero, at most 16 digits). */
const CANONICAL_ID = /^[1-9]\d{0,15}$/;

/**
 * Upstream's translate answer when the workspace holds it (GET, exactly src, dest and id, the
 * fabric vintage synced, the id one of its synced locations or their uuids), else null.
 */
async function heldTranslation(
  request: Request,
  url: URL,
  ids: UpstreamIds,
  manifest: WorkspaceManifest,
): Promise<TranslateRecord[] | null> {
  if (request.method !== 'GET') return null;
  const v = /^\/fabricext\/(\d{6})\/translate$/.exec(url.pathname)?.[1];
  if (!v || !manifest.fabricVintages.includes(v)) return null;
  const q = TranslateQuery.safeParse(onlyParams(url, ['src', 'dest', 'id']));
  if (!q.success || q.data.src === q.data.dest) return null;
  const { src, id } = q.data;
  if (url.searchParams.get('id') !== id) return null;
  if (src === 'location_id') {
    if (!CANONICAL_ID.test(id)) return null;
    const uuid = await ids.uuidOf(v, Number(id));
    return uuid === null ? null : [{ uuid, location_id: Number(id) }];
  }
  const locationId = await ids.locationIdOf(v, id);
  return locationId === null ? null : [{ uuid: id, location_id: locationId }];
}

/**
 * Upstream's data answer for a location when the workspace holds it: GET, exactly location_id
 * (as upstream writes it) or uuid (upstream's, of that vintage), the fabric vintage one whose
 * records the sync showed equal to upstream's (manifest.localData), the location one of its
 * synced locations. The record is the workspace's own with upstream's uuid; else null.
 */
async function heldRecord(
  request: Request,
  url: URL,
  ids: UpstreamIds,
  store: Store,
  manifest: WorkspaceManifest,
): Promise<LocationRecord[] | null> {
  if (request.method !== 'GET') return null;
  const v = /^\/fabric\/(\d{6})\/data\/locations$/.exec(url.pathname)?.[1];
  if (!v || !manifest.fabricVintages.includes(v) || !manifest.localData[v]?.answered) return null;
  const byId = onlyParams(url, ['location_id']);
  const byUuid = onlyParams(url, ['uuid']);
  let locationId: number | null = null;
  if (byId && CANONICAL_ID.test(byId.location_id!)) {
    locationId = Number(byId.location_id);
    if ((await ids.uuidOf(v, locationId)) === null) return null;
  } else if (byUuid && DataQuery.safeParse(byUuid).success) {
    locationId = await ids.locationIdOf(v, byUuid.uuid!);
  }
  if (locationId === null) return null;
  const uuid = await ids.uuidOf(v, locationId);
  const records = await store.locationData(v, { location_id: locationId });
  if (records.length !== 1 || uuid === null) return null;
  return [{ ...records[0]!, uuid }];
}

/** How long an answer of upstream's /fabric/vintages is trusted to say none has been added. */
export const VINTAGES_FRESH_MS = 10 * 60_000;

/**
 * Whether upstream still lists exactly the fabric vintages (with their versions) it listed at
 * the sync: from the last /fabric/vintages answer that passed through (the app's health asks
 * it on load), or, when that is older than VINTAGES_FRESH_MS, from asking it (free; one at a
 * time). A vintage published since would change first and last versions: history goes
 * upstream then. Not being able to say is a no.
 */
function upstreamVintagesWatch(upstream: Backend, listed: readonly string[], now = Date.now) {
  const want = [...listed].sort().join(',');
  let seen: { at: number; same: boolean } | null = null;
  let asking: Promise<boolean> | null = null;
  const same = (body: unknown) =>
    Array.isArray(body) &&
    (body as Record<string, unknown>[])
      .map((r) => `${String(r.vintage)}:${Number(r.svcversion ?? r.cqaversion)}`)
      .sort()
      .join(',') === want;
  /** Reads an answer of /fabric/vintages, returning it unread for the caller. */
  async function observe(answer: Response): Promise<Response> {
    if (!answer.ok) return answer;
    const body: unknown = await answer
      .clone()
      .json()
      .catch(() => null);
    seen = { at: now(), same: same(body) };
    return answer;
  }
  async function current(origin: string): Promise<boolean> {
    if (seen && now() - seen.at <= VINTAGES_FRESH_MS) return seen.same;
    asking ??= upstream
      .handle(new Request(`${origin}/fabric/vintages`))
      .then(observe)
      .then((answer) => answer.ok && seen !== null && seen.same)
      .catch(() => false)
      .finally(() => (asking = null));
    return asking;
  }
  return { observe, current };
}

/**
 * Upstream's history answer for a location when the workspace holds it (verify-history.ts):
 * GET, exactly location_id as upstream writes it, the fabric vintage one whose sample the sync
 * showed equal to upstream's (manifest.localHistory), upstream listing no other vintage than
 * at the sync, the location one the workspace holds in some vintage; and, when it is absent
 * from the vintage asked (retired), that vintage the newest and its equivalent one the
 * workspace holds. Else null.
 */
async function heldHistory(
  request: Request,
  url: URL,
  store: Store,
  manifest: WorkspaceManifest,
  elsewhere: ReadonlySet<number>,
  vintagesCurrent: (origin: string) => Promise<boolean>,
): Promise<Record<string, unknown>[] | null> {
  const h = manifest.localHistory;
  if (request.method !== 'GET' || !h?.dialect) return null;
  const v = /^\/fabricext\/(\d{6})\/history$/.exec(url.pathname)?.[1];
  if (!v || !manifest.fabricVintages.includes(v) || !h.vintages[v]?.answered) return null;
  const q = onlyParams(url, ['location_id']);
  if (!q || !CANONICAL_ID.test(q.location_id!)) return null;
  if (!(await vintagesCurrent(url.origin))) return null;
  const id = Number(q.location_id);
  const newest = manifest.fabricVintages[manifest.fabricVintages.length - 1]!;
  // Every location the workspace holds has a record at the newest vintage.
  const anyVintage = await store.history(newest, id);
  if (anyVintage.length !== 1) return null;
  const records = v === newest ? anyVintage : await store.history(v, id);
  const version = h.listed.find((l) => l.startsWith(`${v}:`))?.slice(7);
  const retired = records.length === 1 && String(records[0]!.lastsvcversion) !== version;
  if (retired && (v !== newest || elsewhere.has(id))) return null;
  return records.map((r) => renderHistory(r, h.dialect!));
}

/** A local answer, named as answered here so the person budgets count no credit for it. */
function fromWorkspace(answer: Response): Response {
  const headers = new Headers(answer.headers);
  headers.set(ANSWERED_FROM, 'workspace');
  return new Response(answer.body, { status: answer.status, headers });
}

const isFixedCoverage = (method: string, url: URL) =>
  /^fixedCoverage(Bulk)?$/.test(findOperation(method, url.pathname)?.name ?? '');

function localUuids(dir: string, manifest: WorkspaceManifest): UpstreamIds | null {
  const tables = readUpstreamUuids(dir, manifest);
  return tables && upstreamIdsInMemory(tables);
}

/**
 * The upstream backend alone when there is no workspace synced from its host: in dir, or, when
 * `held` is given (PostGIS, null when the database has none for this host), that one.
 */
export function withWorkspace(
  upstream: Backend,
  dir: string,
  log: LineLogger,
  held?: HeldWorkspace | null,
): Backend {
  if (held === null) return upstream;
  const manifest = held ? held.manifest : readManifest(dir);
  if (!manifest || manifest.sourceHost !== upstream.kind) return upstream;
  const store = held ? held.store : createMemoryStore(readWorkspaceFabric(dir, manifest));
  const uuids = held ? held.uuids : localUuids(dir, manifest);
  if (!uuids)
    log(
      'workspace: synced before upstream uuids were kept: translate goes upstream until the next sync',
    );
  const vintages = upstreamVintagesWatch(upstream, manifest.localHistory?.listed ?? []);
  const elsewhere = new Set(manifest.localHistory?.elsewhere);
  const data: DataSource = {
    kind: 'workspace',
    host: manifest.sourceHost,
    areas: manifest.areas.map(({ geoid, name }) => ({ geoid, name })),
    ...(manifest.states.length ? { states: manifest.states } : {}),
    syncedAt: manifest.syncedAt,
  };
  // No parcels, footprints or roads are published with geometry: no fabric tiles.
  const views = { ...ALL_VIEWS, fabricTiles: false };
  const local = createEmbeddedBackend(store, { logError: log, data, views });
  log(
    `workspace: ${dataSourceStamp(data)}; counties ${manifest.areas.map((a) => a.geoid).join(', ')} synced ${manifest.syncedAt} from ${manifest.sourceHost}`,
  );
  return {
    ...upstream,
    label: dataSourceLabel(data),
    capabilities: { data, views },
    handle: async (request) => {
      const url = new URL(request.url);
      if (ownOperation(request.method, url)) return local.handle(request);
      if (
        isFixedCoverage(request.method, url) &&
        (await holdsFixedCoverage(request, url, store, manifest))
      )
        return fromWorkspace(await local.handle(request));
      const operation = findOperation(request.method, url.pathname)?.name;
      if (operation === 'fabricVintages') return vintages.observe(await upstream.handle(request));
      if (operation === 'history') {
        const answer = await heldHistory(
          request,
          url,
          store,
          manifest,
          elsewhere,
          vintages.current,
        ).catch(() => null);
        if (answer) return fromWorkspace(Response.json(answer));
      }
      if (uuids && findOperation(request.method, url.pathname)?.name === 'data') {
        const answer = await heldRecord(request, url, uuids, store, manifest).catch(() => null);
        if (answer) return fromWorkspace(Response.json(answer));
      }
      if (uuids && findOperation(request.method, url.pathname)?.name === 'translate') {
        // The table failing (a lost database connection) sends the question upstream.
        const answer = await heldTranslation(request, url, uuids, manifest).catch(() => null);
        if (answer) return fromWorkspace(Response.json(answer));
      }
      return upstream.handle(request);
    },
    upstreamOperation: (method, url) =>
      ownOperation(method, url) ? null : (upstream.upstreamOperation?.(method, url) ?? null),
    close: async () => {
      await upstream.close?.();
      await store.close();
      await uuids?.close();
    },
  };
}
