// The store interface: everything the HTTP layer asks of the data. The in-memory store over a
// `Fabric` (store/memory/) implements it, and a database-backed one can sit beside it; what they
// share beyond this interface (MAXCOUNT, the field catalogue) is contract.ts. Every data method
// answers a promise, so a store may wait on I/O; `close()` releases what the store holds, after
// which every call rejects. Methods take an
// already validated vintage (the routes answer 404 unknown_vintage before calling) and return
// plain records shaped exactly as docs/SERVICE.md writes them. Each record's type is inferred
// from the zod schema that describes it on the wire (server/service/schemas/), so the two
// cannot drift apart.
import type { FabricVintage } from './fabric';
import type { FieldDef, LocationRecord, AreaFeatureRecord } from '../../contract/schemas/fabric';
import type {
  HistoryRecord,
  SummarizeResponse,
  TranslateRecord,
} from '../../contract/schemas/fabricext';
import type { FixedRecord, MobileRecord } from '../../contract/schemas/coverage';
import type { LocateRecord } from '../../contract/schemas/locate';
import type { LocateOptions } from '../../contract/schemas/locate-match-types';
import type { MatchParts, MatchResponse } from '../../contract/schemas/match';
import type { PlacesResponse } from '../../contract/schemas/places';
import type { ProviderClaim } from '../../contract/schemas/providers';
import type { FixedFilters } from '../../../shared/fixed-status';
import type { ReportResponse } from '../../contract/schemas/report';

export type {
  FieldCategory,
  FieldDef,
  LocationRecord,
  AreaFeatureRecord,
} from '../../contract/schemas/fabric';
export type { HistoryRecord, SummaryRow, TranslateRecord } from '../../contract/schemas/fabricext';
export type { FixedRecord, MobileRecord } from '../../contract/schemas/coverage';
export type { LocateRecord } from '../../contract/schemas/locate';
export type {
  MatchCode,
  MatchLocation,
  MatchParts,
  MatchResponse,
} from '../../contract/schemas/match';

export type LayerName = 'locations' | 'parcels' | 'footprints';

/** The caller's own key for an input row, echoed on its answer so results join back to rows. */
export type SourceKey = string | number | null;

export interface LocatePoint {
  latitude: number;
  longitude: number;
  sourcekey: SourceKey;
}

export type IdKind = 'location_id' | 'uuid';

/**
 * An answer over an area, or past maxcount the count of locations inside instead (summarize and
 * the report alike, in both stores).
 */
export type AreaAnswer<R> =
  { ok: true; response: R } | { ok: false; locationcount: number; maxcount: number };

export type SummarizeResult = AreaAnswer<SummarizeResponse>;

/**
 * Where summarize reads its computed fields (served_status, max_down_mbps, max_up_mbps,
 * provider_count, fiber_provider_count): a coverage vintage (by default the one of the same
 * YYYYMM as the fabric vintage) and, for served_status, the filters it counts under (by default
 * the BEAD rule over residential offers, as the location badge), as the report counts.
 */
export interface SummarizeOptions {
  coverage?: string;
  filters?: FixedFilters;
}

export type ReportResult = AreaAnswer<ReportResponse>;

/** The release a report compares with (both vintages already validated). */
export interface ComparedRelease {
  fabric: string;
  coverage: string;
}

/** An area for summarize, already parsed and validated: polygons of rings of [lng, lat]. */
export type Area = GeoJSON.Position[][][];

/**
 * Where a collect3 call starts: null for a whole area, else a part an earlier answer listed (a
 * range of the layer's spatial order, or features listed by position). Opaque to clients: the
 * HTTP layer signs it into the continuation body.
 */
export type CollectPart = { node: [number, number] } | { points: number[] };

export interface CollectLimits {
  /** Most features one call returns (and most positions it reads). */
  partSize: number;
  /** Most continuations one answer lists. */
  maxParts: number;
}

/** Either uuids (the part is answered) or parts to post next, never both. */
export interface CollectResult {
  uuids: string[];
  parts: CollectPart[];
}

export interface Store {
  readonly kind: string; // "demo" for the synthetic fabric
  fabricVintages(): Promise<FabricVintage[]>;
  coverageVintages(): Promise<string[]>;
  layers(): Promise<LayerName[]>;
  fields(vintage: string, layer: LayerName): Promise<FieldDef[]>;
  locationData(
    vintage: string,
    by: { location_id: number } | { uuid: string },
  ): Promise<LocationRecord[]>;
  bulkLocations(
    vintage: string,
    ids: { location_id: number[] } | { uuid: string[] },
    fields: string[],
  ): Promise<Partial<LocationRecord>[]>;
  /** Parcel or footprint records of this vintage's uuids, in the order asked; unknown skipped. */
  areaFeatures(
    vintage: string,
    layer: 'parcels' | 'footprints',
    uuids: string[],
  ): Promise<AreaFeatureRecord[]>;
  /** Mapbox Vector Tile bytes (layers roads, parcels, footprints, locations); cached per tile. */
  tile(vintage: string, z: number, x: number, y: number): Promise<Uint8Array>;
  match(
    vintage: string,
    query: { text: string } | MatchParts,
    maxresults: number,
    sourcekey: SourceKey,
  ): Promise<MatchResponse>;
  /** Every fixed provider with a record at coverage vintage cv, with the locations it claims. */
  providers(coverage: string): Promise<ProviderClaim[]>;
  /** Towns, ZIP codes and streets a name (no house number) gives, and a street's addresses. */
  places(vintage: string, q: string, maxresults: number): Promise<PlacesResponse>;
  history(vintage: string, locationId: number): Promise<HistoryRecord[]>;
  locate(vintage: string, point: LocatePoint, options: LocateOptions): Promise<LocateRecord[]>;
  translate(vintage: string, src: IdKind, dest: IdKind, id: string): Promise<TranslateRecord[]>;
  /** Counts against MAXCOUNT (contract.ts): over it, the count is answered instead. */
  summarize(
    vintage: string,
    area: Area,
    fields: string[],
    nocat: boolean,
    options?: SummarizeOptions,
  ): Promise<SummarizeResult>;
  /**
   * count (ours): the locations of the vintage inside the area, with no maxcount (what summarize
   * and the report weigh against it), so a client splits an area before asking it.
   */
  count(vintage: string, area: Area): Promise<number>;
  /**
   * The area report (ours): locations of fabric vintage `vintage` in the area counted at coverage
   * vintage `coverage` under the filters (shared/fixed-status.ts); past MAXCOUNT the count is
   * answered instead, as summarize does. With `compare` (a second release) the answer gains
   * `change`, and MAXCOUNT weighs the locations inside in either fabric.
   */
  report(
    vintage: string,
    coverage: string,
    area: Area,
    filters: FixedFilters,
    compare?: ComparedRelease,
  ): Promise<ReportResult>;
  /** collect3: features of the layer inside the area, in parts; null for a part that is not one. */
  collect(
    vintage: string,
    layer: LayerName,
    area: Area,
    part: CollectPart | null,
    limits: CollectLimits,
  ): Promise<CollectResult | null>;
  fixedCoverage(vintage: string, locationIds: number[]): Promise<FixedRecord[]>;
  mobileCoverage(vintage: string, cells: string[]): Promise<MobileRecord[]>;
  /**
   * Fixed broadband at street zoom (docs/architecture.md, "The fixed broadband path"): MVT layer `fixed`, a point per location of
   * fabric vintage fv with its tier strings at coverage vintage cv; empty below zoom 13. With a
   * provider (shared/provider-filter.ts), the tiers and record count of its records alone.
   */
  fixedTile(
    cv: string,
    fv: string,
    z: number,
    x: number,
    y: number,
    provider?: number | null,
  ): Promise<Uint8Array>;
  /** MVT layer `fixed_hex`: H3 cells (res 5 to 8 by zoom) with their counts under the filters. */
  fixedHexTile(
    cv: string,
    fv: string,
    z: number,
    x: number,
    y: number,
    filters: FixedFilters,
  ): Promise<Uint8Array>;
  /**
   * Health: resolves when the store's database answers now, else rejects with StoreUnavailable
   * (store-unavailable.ts) within its connect timeout. A store with no database has none.
   */
  ping?(): Promise<void>;
  /** Releases what the store holds; every later call rejects with "store is closed". */
  close(): Promise<void>;
}
