// The in-memory Store: a Fabric plus its static indexes, answering every operation from typed
// columns. Its operations live in ops/ beside it (one module each), over the rules both stores share (store/rules/); this file binds them to
// one fabric and index. Vintages arrive validated by the routes; an unknown one still answers
// empty here so the store never throws on a caller's mistake. Every answer is computed at once
// and handed back as a settled promise (the interface is asynchronous for stores that wait on
// I/O); close() holds nothing to release but makes every later call reject.
import { DEFAULT_FIXED_FILTERS } from '../../../../shared/fixed-status';
import { createFabricCollector } from './ops/collect-fabric';
import { fixedRecords, mobileRecords } from './ops/coverage-records';
import type { FixedVintages } from './ops/fixed-location-features';
import { releaseVintageIndex } from './ops/fixed-offers-view';
import { createFixedTileSource } from './ops/fixed-tiles';
import { history } from './ops/history';
import { places } from './ops/places';
import { buildPlacesIndex, type StreetEntry } from './ops/places-index';
import type { PlacesIndex } from '../rules/place-entries';
import { locate } from './ops/locate';
import {
  areaFeatureRecord,
  locationFields,
  locationRecord,
  resolveLocation,
} from './ops/location-records';
import { createMatcher, type Matcher } from './ops/match';
import { report } from './ops/report';
import { emptyReport } from '../rules/empty-report';
import { locationsInArea, summarize } from './ops/summarize';
import { createTileSource } from './ops/tiles';
import { translate } from './ops/translate';
import { MAXCOUNT, RECORD_FIELDS, layerFields } from '../contract';
import type { Fabric } from '../fabric';
import { closableStore } from '../closable-store';
import { buildFabricIndex, type FabricIndex } from './fabric-index';
import type { LayerName, LocationRecord, Store } from '../store';
import { providerClaims } from './ops/providers';
import { ByteLru } from '../rules/lru';

const LAYERS: LayerName[] = ['locations', 'parcels', 'footprints'];

/** Each memory store's index, for the worker pool to share with its threads. */
const indexes = new WeakMap<Store, FabricIndex>();

/** The fabric index a memory store answers from; undefined for any other Store. */
export function memoryStoreIndex(store: Store): FabricIndex | undefined {
  return indexes.get(store);
}

const warmers = new WeakMap<Store, () => Promise<void>>();

/**
 * Starts grouping a memory store's locations into hexagon cells in the background, for a
 * server just started (the first hexagon tile then finds them ready or under way); resolves
 * when done. Null for any other Store.
 */
export function warmMemoryStore(store: Store): Promise<void> | null {
  return warmers.get(store)?.() ?? null;
}

/** The Store's data methods, answering at once (no promise, no close); hexagons may wait. */
type Sync = {
  [K in Exclude<keyof Store, 'kind' | 'close' | 'ping' | 'fixedHexTile'>]: (
    ...args: Parameters<Store[K]>
  ) => Awaited<ReturnType<Store[K]>>;
};

export interface MemoryStoreOptions {
  /** An index already built over this fabric (a worker thread's view of the main thread's). */
  index?: FabricIndex;
  /** The tile cache's byte budget (TILE_CACHE_BYTES unless said). */
  tileCacheBytes?: number;
}

/**
 * What the finished tiles of one memory store may hold, fabric and fixed broadband alike: one
 * budget rather than 64 MB each, so that a service at a million locations (about 355 MB once
 * loaded) stays under 400 MB with the cache full (docs/architecture.md, "The stores"). A z14
 * view of the densest town is a few MB of tiles; the whole county at z14 about 170 MB.
 */
export const TILE_CACHE_BYTES = 32 * 1024 * 1024;
const TILE_CACHE_ENTRIES = 4096;

/** Each memory store's tile cache (tests read its size). */
const tileCaches = new WeakMap<Store, ByteLru>();

/** The cache a memory store keeps its finished tiles in; undefined for any other Store. */
export function memoryStoreTileCache(store: Store): ByteLru | undefined {
  return tileCaches.get(store);
}

export function createMemoryStore(fabric: Fabric, opts: MemoryStoreOptions = {}): Store {
  const ix = opts.index ?? buildFabricIndex(fabric);
  // The match index is built on the first match (about 8 MB and 0.4 s at a million
  // locations): most stores, and most workers, never see one.
  let built: Matcher | null = null;
  const matcher = () => (built ??= createMatcher(ix));
  // Keys differ by kind (fabric tiles by vintage index, fixed ones under fixed/ and hex/).
  const tileCache = new ByteLru(TILE_CACHE_ENTRIES, opts.tileCacheBytes ?? TILE_CACHE_BYTES);
  const tiles = createTileSource(ix, tileCache);
  const collector = createFabricCollector(ix);
  const coverageVintages = fabric.fixedCoverage.map((c) => c.vintage);
  const vi = (v: string) => ix.vintageIndex(v);
  const coverageIndex = (v: string) => coverageVintages.indexOf(v);
  // Built on a vintage's first places call: most stores never search for a town.
  const placesIndexes = new Map<number, PlacesIndex<StreetEntry>>();
  const placesIndex = (v: number) => {
    let index = placesIndexes.get(v);
    if (!index) placesIndexes.set(v, (index = buildPlacesIndex(ix, v)));
    return index;
  };
  const fixedTiles = createFixedTileSource(ix, tileCache);
  const fixedVintages = (cv: string, fv: string): FixedVintages | null => {
    const coverage = coverageIndex(cv);
    const fabricIndex = vi(fv);
    if (coverage < 0 || fabricIndex < 0) return null;
    return { fabric: fabricIndex, coverage, release: releaseVintageIndex(fabric, cv) };
  };

  const record = (
    v: number,
    by: { location_id: number } | { uuid: string },
  ): LocationRecord | null => {
    if (v < 0) return null;
    const i = resolveLocation(ix, v, by);
    return i < 0 ? null : locationRecord(ix, v, i);
  };

  // Answered synchronously; closableStore wraps each method in a promise.
  const sync: Sync = {
    fabricVintages: () => fabric.vintages.map((v) => ({ ...v })),
    coverageVintages: () => coverageVintages.slice(),
    providers: (cv) => providerClaims(fabric, coverageIndex(cv)),
    layers: () => LAYERS.slice(),
    fields: (v, layer) => (vi(v) < 0 ? [] : layerFields(layer)),
    locationData(v, by) {
      const r = record(vi(v), by);
      return r ? [r] : [];
    },
    bulkLocations(v, ids, fields) {
      // The route refuses unknown fields; the id asked by is always kept.
      const keep = new Set<string>(fields);
      keep.add('location_id' in ids ? 'location_id' : 'uuid');
      const keys = RECORD_FIELDS.locations.filter((f) => keep.has(f)) as (keyof LocationRecord)[];
      const list: ({ location_id: number } | { uuid: string })[] =
        'location_id' in ids
          ? ids.location_id.map((id) => ({ location_id: id }))
          : ids.uuid.map((u) => ({ uuid: u }));
      const vIndex = vi(v);
      if (vIndex < 0) return [];
      const out: Partial<LocationRecord>[] = [];
      for (const by of list) {
        const i = resolveLocation(ix, vIndex, by);
        // Only the fields asked are computed (h3 cells cost more than the rest together).
        if (i >= 0) out.push(locationFields(ix, vIndex, i, keys));
      }
      return out;
    },
    areaFeatures(v, layer, uuids) {
      const vIndex = vi(v);
      if (vIndex < 0) return [];
      return uuids.flatMap((u) => areaFeatureRecord(ix, layer, vIndex, u) ?? []);
    },
    tile: (v, z, x, y) => (vi(v) < 0 ? new Uint8Array(0) : tiles.tile(vi(v), z, x, y)),
    match: (v, query, maxresults, sourcekey) =>
      matcher().match(vi(v), query, maxresults, sourcekey),
    places: (v, q, maxresults) =>
      vi(v) < 0
        ? { q, places: [], addresses: [], addresscount: 0 }
        : places(ix, placesIndex(vi(v)), q, maxresults),
    history: (v, locationId) => (vi(v) < 0 ? [] : history(ix, vi(v), locationId)),
    locate(v, point, options) {
      if (vi(v) < 0) return [];
      return locate(ix, vi(v), point, options);
    },
    translate: (v, src, dest, id) => (vi(v) < 0 ? [] : translate(ix, vi(v), src, dest, id)),
    summarize(v, area, fields, nocat, options = {}) {
      const c = coverageIndex(options.coverage ?? v);
      if (vi(v) < 0 || c < 0)
        return { ok: true, response: { data: [], maxcount: MAXCOUNT, locationcount: 0 } };
      const at = { coverage: c, filters: options.filters ?? DEFAULT_FIXED_FILTERS };
      return summarize(ix, vi(v), area, fields, nocat, { maxcount: MAXCOUNT, at });
    },
    count: (v, area) => (vi(v) < 0 ? 0 : locationsInArea(ix, vi(v), area).length),
    report(v, cv, area, filters, compare) {
      const c = coverageIndex(cv);
      const w = compare && { vi: vi(compare.fabric), ci: coverageIndex(compare.coverage) };
      return vi(v) < 0 || c < 0 || (w && (w.vi < 0 || w.ci < 0))
        ? { ok: true, response: emptyReport(v, cv, filters, MAXCOUNT, compare) }
        : report(ix, vi(v), c, area, filters, { maxcount: MAXCOUNT, compare: w });
    },
    collect: (v, layer, area, part, limits) =>
      vi(v) < 0 ? null : collector.collect(vi(v), layer, area, part, limits),
    fixedCoverage(v, locationIds) {
      const c = coverageIndex(v);
      return c < 0 ? [] : fixedRecords(ix, c, locationIds);
    },
    mobileCoverage(v, cells) {
      const c = coverageIndex(v);
      return c < 0 ? [] : mobileRecords(ix, c, cells);
    },
    fixedTile(cv, fv, z, x, y, provider) {
      const joined = fixedVintages(cv, fv);
      return joined ? fixedTiles.locationTile(joined, z, x, y, provider) : new Uint8Array(0);
    },
  };
  // Awaits the hexagon cells, which are built in slices (ops/fixed-hex-warm-up.ts).
  const fixedHexTile: Store['fixedHexTile'] = async (cv, fv, z, x, y, filters) => {
    const joined = fixedVintages(cv, fv);
    return joined ? fixedTiles.hexTile(joined, z, x, y, filters) : new Uint8Array(0);
  };
  const store = closableStore({
    kind: 'demo',
    methods: { ...sync, fixedHexTile },
    release: () => fixedTiles.close(),
  });
  indexes.set(store, ix);
  tileCaches.set(store, tileCache);
  warmers.set(store, () => fixedTiles.warm());
  return store;
}
