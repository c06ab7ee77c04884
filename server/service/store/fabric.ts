// The in-memory fabric: typed columns, never one object per location.
// The demo generator (server/demo/) produces it; the store (this folder) indexes and serves it.
// A database-backed store would read the same shapes from tables instead.
import type { RecordStarts } from './record-starts';

/** A fabric release. `svcversion` is what history records speak in. */
export interface FabricVintage {
  vintage: string; // YYYYMM
  svcversion: number;
  fccversion: string;
  fccrelease: string; // MMDDYYYY
  /** NTIA's BEAD fabric version of the release ("5_1"), null when none is known. */
  ntiaversion: string | null;
  vintagename: string; // e.g. june2024, dec2024
}

/** Packed coordinates are degrees times this: 7 decimals, about a centimetre. */
export const COORD_SCALE = 1e7;

/**
 * Polygons or polylines packed flat: feature i has parts firstPart(i) .. firstPart(i+1)-1,
 * part p has vertices vertexStart[p] .. vertexStart[p+1]-1, vertex v at (xy[2v], xy[2v+1])
 * as lng, lat in degrees × COORD_SCALE (Int32: half the memory of Float64 for millions of
 * vertices). Polygon parts are rings (outer first, then holes), closed (first = last).
 */
export interface PackedGeometry {
  count: number;
  /**
   * Length count + 1; null when every feature is one part, feature i then being part i (the
   * demo's parcels and footprints are single rings: 6 MB of starts saved at a million).
   */
  partStart: Uint32Array | null;
  vertexStart: Uint32Array; // length parts + 1
  xy: Int32Array;
}

/** Feature f's first part; firstPart(g, f + 1) is one past its last. */
export function firstPart(g: PackedGeometry, f: number): number {
  return g.partStart === null ? f : g.partStart[f]!;
}

export interface Town {
  name: string; // "Springfield"
  zip: string; // "62704"
  lng: number;
  lat: number;
}

/** Roads: polylines with a name and a class. */
export interface Roads {
  geometry: PackedGeometry;
  name: string[]; // "OAK ST"
  roadClass: Uint8Array; // 0 local, 1 main (town arterial), 2 rural road, 3 highway
}

/** Parcel polygons. */
export interface Parcels {
  geometry: PackedGeometry;
}

/** Building footprint polygons, each inside at most one parcel. */
export interface Footprints {
  geometry: PackedGeometry;
  parcel: Int32Array; // parcel index or -1
}

/**
 * Every location that exists in any vintage, sorted by location_id.
 * Codes are indexes into the lookup arrays in `Fabric.codes`.
 */
export interface Locations {
  count: number;
  // Columns of two types are the wider as built, the narrower when every value fits it (the
  // .data cache stores them so, fabric-codec.ts): what they read is the same.
  locationId: Float64Array | Uint32Array; // 10-digit ids (above 2^31, so not Int32)
  lng: Float64Array;
  lat: Float64Array;
  houseNumber: Uint32Array | Uint16Array;
  road: Uint32Array | Uint16Array; // index into Roads
  unit: Uint16Array | Uint8Array; // 0 none, else unit number (apartment locations)
  town: Uint16Array | Uint8Array; // index into Fabric.towns (city and zip)
  zipSuffix: Uint16Array; // 4 digits
  unitCount: Uint16Array | Uint8Array;
  bslFlag: Uint8Array; // 0/1
  buildingType: Uint8Array; // index into codes.buildingType
  landUse: Uint8Array; // index into codes.landUse
  addressConfidence: Uint8Array; // 1..5
  tract: Uint32Array; // 6-digit census tract within the county
  block: Uint16Array; // 4-digit block within the tract
  parcel: Int32Array; // parcel index or -1
  footprint: Int32Array; // footprint index or -1
  /** Bit i set: present in vintages[i]. */
  presence: Uint8Array;
  /** Retirement equivalent (a location_id present in the newest vintage) or 0 for none. */
  reLocationId: Float64Array | Uint32Array;
  /** Index into Fabric.counties, in a fabric spanning several counties (fabric-counties.ts). */
  county?: Uint16Array;
}

export interface Provider {
  providerId: number;
  frn: string; // 10 digits, leading zeros kept
  brandName: string;
}

/** The distinct fixed offers of one vintage (a few dozen), one row per offer. */
export interface FixedOffers {
  provider: Uint8Array; // index into Fabric.fixedProviders
  technology: Uint8Array; // BDC technology code (0, 10, 40, 50, 60, 61, 70, 71, 72)
  down: Uint32Array; // Mbps
  up: Uint32Array; // Mbps
  lowLatency: Uint8Array; // 0/1
  businessResidential: Uint8Array; // 0 R, 1 B, 2 X
}

/**
 * Fixed coverage of one vintage, grouped by location: records of location i are rows
 * startAt(start, i) .. startAt(start, i + 1) - 1 (record-starts.ts). Millions of records repeat a few dozen offers, so a record is the
 * index of its offer (see fixed-offers.ts to pack and read them).
 */
export interface FixedCoverage {
  vintage: string;
  start: RecordStarts; // locations.count + 1 starts
  offer: Uint8Array | Uint16Array; // per record: row of `offers` (Uint8 up to 256 offers)
  offers: FixedOffers;
}

/**
 * Mobile coverage of one vintage, grouped by H3 res-9 cell. cells are sorted ascending by
 * (cellHigh, cellLow), the two 32-bit halves of the H3 index (h3-js splitLongToH3Index).
 */
export interface MobileCoverage {
  vintage: string;
  cellHigh: Uint32Array;
  cellLow: Uint32Array;
  start: Uint32Array; // length cells + 1
  carrier: Uint8Array; // index into Fabric.mobileCarriers
  technology: Uint8Array; // 3, 4 or 5 (3G, 4G LTE, 5G-NR)
  mindown: Uint16Array;
  minup: Uint16Array;
  minsignal: Int16Array; // dBm, negative
  environment: Uint8Array; // 0 outdoor stationary, 1 in-vehicle
}

export interface FabricCounty {
  geoid: string; // 5 digits
  name: string;
  state: string; // "IL"
}

export interface Fabric {
  seed: number;
  county: {
    geoid: string; // 5 digits
    name: string; // "Sangamon County"
    state: string; // "IL"
    stateFips: string;
    boundary: GeoJSON.MultiPolygon;
  };
  /**
   * A workspace synced over several counties or a state: every county, each location's own
   * named by `locations.county`. `county` then is the first, its boundary the union of all.
   */
  counties?: FabricCounty[];
  vintages: FabricVintage[]; // ascending; last is current
  towns: Town[];
  codes: { buildingType: string[]; landUse: string[] };
  roads: Roads;
  parcels: Parcels;
  footprints: Footprints;
  locations: Locations;
  fixedProviders: Provider[];
  fixedCoverage: FixedCoverage[]; // one per vintage, same order as vintages
  mobileCarriers: Provider[];
  mobileCoverage: MobileCoverage[]; // one per vintage
}
