// The store interface: everything the HTTP layer asks of the data. The in-memory store over a
// `Fabric` implements it; a database-backed store could implement it later. Methods take an
// already validated vintage (the routes answer 404 unknown_vintage before calling) and return
// plain records shaped exactly as SERVICE.md writes them.
import type { FabricVintage } from './fabric';

export type LayerName = 'locations' | 'parcels' | 'footprints';

export interface FieldCategory {
  label: string;
  min: number;
  max: number;
}

export interface FieldDef {
  fieldname: string;
  /** The seed's type names; the HTTP layer renders the published ones (int, float, text). */
  fieldtype: 'integer' | 'number' | 'text';
  /** A Python format string for the value, as the published guide shows (`f"{n:d}"`). */
  format: string;
  /** 10: a stored attribute of the feature; 20: computed from the vintage's coverage. */
  datalevel: number;
  discrete: 0 | 1;
  reportable: 0 | 1;
  listorder: number;
  definition: string;
  categories: FieldCategory[] | null;
}

export interface LocationRecord {
  location_id: number;
  uuid: string;
  address_primary: string;
  city: string;
  state: string;
  zip: string;
  zip_suffix: string;
  unit_count: number;
  bsl_flag: number; // SERVICE.md lists it with the integer fields; 0 or 1
  building_type_code: string;
  land_use_code: string;
  county_geoid: string;
  block_geoid: string;
  h3_res9_id: string;
  latitude: number;
  longitude: number;
  // Computed per vintage, so that a record holds every field `fields` lists.
  state_abbr: string;
  h3_res8_id: string;
  served_status: string; // unserved, underserved or served, from this vintage's coverage
  max_down_mbps: number;
  max_up_mbps: number;
  provider_count: number;
  fiber_provider_count: number;
}

/** A parcel or footprint record (data and bulk on those layers). */
export interface AreaFeatureRecord {
  uuid: string;
  location_count: number; // locations of this vintage on the parcel / in the building
}

export interface MatchParts {
  house_number?: string;
  road?: string;
  unit?: string;
  city?: string;
  state?: string;
  postcode?: string;
}

export interface MatchLocation {
  matchrank: number;
  location_id: number;
  uuid: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  zip_suffix: string;
  latitude: number;
  longitude: number;
  similarity: number;
}

/** The caller's own key for an input row, echoed on its answer so results join back to rows. */
export type SourceKey = string | number | null;

/** F: every part the address gives agrees with the location; P: above the floor, not full. */
export type MatchCode = 'F' | 'P';

/** A lower-ranked candidate, listed beside `locations` so a client sees how close it came. */
export interface MatchAlternate {
  matchrank: number;
  location_id: number;
  uuid: string;
  address: string;
  similarity: number;
  matchtype: MatchCode;
}

export interface MatchResponse {
  text: string;
  parsed: MatchParts;
  matchcount: number;
  locations: MatchLocation[];
  /** Of the best candidate; null when nothing matched. */
  matchtype: MatchCode | null;
  alternates: MatchAlternate[] | null;
  ruleversion: string;
  sourcekey: SourceKey;
}

export interface HistoryRecord {
  location_id: number;
  firstsvcversion: number;
  lastsvcversion: number;
  re_location_id: number | null;
}

/** Locate's answer types in decision order; bit i of a `matchtypes` mask allows MATCH_TYPES[i]. */
export const MATCH_TYPES = ['FootprintParcel', 'Footprint', 'Parcel', 'Nearest'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];
export const ALL_MATCH_TYPES = (1 << MATCH_TYPES.length) - 1;

export interface LocatePoint {
  latitude: number;
  longitude: number;
  sourcekey: SourceKey;
}

/** Locate's limits, defaults already applied (meters). */
export interface LocateOptions {
  parceldistancem: number;
  neardistancem: number;
  parceltolerancem: number;
  footprinttolerancem: number;
  /** Bit mask over MATCH_TYPES of the types that may answer. */
  matchtypes: number;
}

export interface LocateRecord {
  latitude: number;
  longitude: number;
  location_id: number;
  distancem: number;
  matchtype: MatchType;
  sourcekey: SourceKey;
}

export type IdKind = 'location_id' | 'uuid';

export interface TranslateRecord {
  uuid: string;
  location_id: number;
}

export type SummaryRow = Record<string, string | number>;

export interface SummarizeResponse {
  data: SummaryRow[];
  maxcount: number;
  locationcount: number;
}

export type SummarizeResult =
  | { ok: true; response: SummarizeResponse }
  | { ok: false; locationcount: number; maxcount: number };

export interface FixedRecord {
  location_id: string;
  provider_id: number;
  frn: string;
  brand_name: string;
  technology_code: number;
  max_advertised_download_speed: number;
  max_advertised_upload_speed: number;
  low_latency: number;
  business_residential_code: 'R' | 'B' | 'X';
  coverage: number;
}

export interface MobileRecord {
  h3_res9_id: string;
  frn: string;
  providerid: number;
  brandname: string;
  technology: number;
  mindown: number;
  minup: number;
  minsignal: number;
  environment: number;
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
  readonly maxcount: number;
  fabricVintages(): FabricVintage[];
  coverageVintages(): string[];
  layers(): LayerName[];
  fields(vintage: string, layer: LayerName): FieldDef[];
  locationData(vintage: string, by: { location_id: number } | { uuid: string }): LocationRecord[];
  bulkLocations(
    vintage: string,
    ids: { location_id: number[] } | { uuid: string[] },
    fields: string[],
  ): Partial<LocationRecord>[];
  /** Parcel or footprint records of this vintage's uuids, in the order asked; unknown skipped. */
  areaFeatures(
    vintage: string,
    layer: 'parcels' | 'footprints',
    uuids: string[],
  ): AreaFeatureRecord[];
  /** Mapbox Vector Tile bytes (layers roads, parcels, footprints, locations); cached per tile. */
  tile(vintage: string, z: number, x: number, y: number): Uint8Array;
  match(
    vintage: string,
    query: { text: string } | MatchParts,
    maxresults: number,
    sourcekey: SourceKey,
  ): MatchResponse;
  history(vintage: string, locationId: number): HistoryRecord[];
  locate(vintage: string, point: LocatePoint, options: LocateOptions): LocateRecord[];
  translate(vintage: string, src: IdKind, dest: IdKind, id: string): TranslateRecord[];
  summarize(vintage: string, area: Area, fields: string[], nocat: boolean): SummarizeResult;
  /** collect3: features of the layer inside the area, in parts; null for a part that is not one. */
  collect(
    vintage: string,
    layer: LayerName,
    area: Area,
    part: CollectPart | null,
    limits: CollectLimits,
  ): CollectResult | null;
  fixedCoverage(vintage: string, locationIds: number[]): FixedRecord[];
  mobileCoverage(vintage: string, cells: string[]): MobileRecord[];
}
