// A Fabric (store/fabric.ts) from the synced records, so the reference service answers the
// project's own views over a planner's real data exactly as over the demo's. What the published
// data does not carry stays empty: parcels and footprints (no geometry is published), road
// geometry (roads are names only), mobile coverage (a live upstream query), address confidence.
import type {
  Fabric,
  FabricCounty,
  FabricVintage,
  FixedCoverage,
  MobileCoverage,
  PackedGeometry,
  Provider,
  Town,
} from '../service/store/fabric';
import { offerTable, packedCoverage } from '../service/store/memory/fixed-offers';
import { addressParts } from './address-parts';
import { indexIn, uniqueIds } from './sorted-ids';
import type { SyncedFixedRecord, SyncedLocation } from './published-shapes';

export interface SyncedCounty extends FabricCounty {
  boundary: GeoJSON.MultiPolygon;
}

export interface SyncedArea {
  /** Ascending by GEOID; every location's block lies in one of them. */
  counties: SyncedCounty[];
  /** Ascending; locations[i] are the records of vintages[i]. */
  vintages: FabricVintage[];
  /**
   * Each vintage's records and each coverage vintage's, read twice over (arrays, or the sync's
   * journal read back on each pass) and never held here: the fabric is filled column by column.
   */
  locations: Iterable<SyncedLocation>[];
  /**
   * Every location_id of any vintage, once each, ascending, when the caller holds them (the
   * sync does): the first pass over the records is then not needed.
   */
  locationIds?: Float64Array;
  /** Ascending by vintage. */
  coverage: { vintage: string; records: Iterable<SyncedFixedRecord> }[];
  /** Retirement equivalents of the locations missing from the newest vintage. */
  equivalents: Map<number, number | null>;
  seed: number;
}

const BR: Record<string, number> = { R: 0, B: 1, X: 2 };

/** Empty polylines: `count` features of no parts (a road known by its name only). */
function namesOnly(count: number): PackedGeometry {
  return {
    count,
    partStart: new Uint32Array(count + 1),
    vertexStart: new Uint32Array(1),
    xy: new Int32Array(0),
  };
}

const titleCase = (s: string) => s.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase());

/** Numbers keys in the order they are first met. */
export function indexer<K>() {
  const map = new Map<K, number>();
  const list: K[] = [];
  return {
    list,
    of(key: K) {
      let i = map.get(key);
      if (i === undefined) map.set(key, (i = list.push(key) - 1));
      return i;
    },
  };
}

/**
 * Indexes handed out as records came (vintage by vintage, each in its order) renumbered in the
 * order of first use over the rows, ascending by location_id: the numbering, and the list, an
 * indexer fed the rows in that order gives. Codes only the records a newer one replaced used
 * are left out.
 */
function renumbered<K>(met: readonly K[]) {
  const to = new Int32Array(met.length).fill(-1);
  const list: K[] = [];
  return {
    list,
    of(provisional: number) {
      let i = to[provisional]!;
      if (i < 0) i = to[provisional] = list.push(met[provisional]!) - 1;
      return i;
    },
  };
}

/** Every location_id of any vintage, once each, ascending (the first pass over the records). */
function locationIds(locations: Iterable<SyncedLocation>[]): Float64Array {
  let all = new Float64Array(1024);
  let n = 0;
  for (const records of locations) {
    for (const r of records) {
      if (n === all.length) {
        const grown = new Float64Array(n * 2);
        grown.set(all);
        all = grown;
      }
      all[n++] = r.location_id;
    }
  }
  return uniqueIds(all.subarray(0, n));
}

/**
 * One vintage's fixed coverage in two passes over its records: how many each location has
 * (the row starts), then each record's offer at its location's next place, in the records'
 * order. Offers and providers are numbered as met, then renumbered in row order, as
 * packFixedCoverage numbers the offers of records laid out by location.
 */
function fixedCoverage(
  vintage: string,
  records: Iterable<SyncedFixedRecord>,
  ids: Float64Array,
  providers: ReturnType<typeof indexer<number>>,
  providerInfo: Map<number, Provider>,
): FixedCoverage {
  const n = ids.length;
  const start = new Uint32Array(n + 1);
  for (const r of records) {
    const i = indexIn(ids, Number(r.location_id));
    if (i >= 0) start[i + 1] = start[i + 1]! + 1;
  }
  for (let i = 0; i < n; i++) start[i + 1] = start[i + 1]! + start[i]!;
  const next = start.slice(0, n);
  const offer = new Uint32Array(start[n]!);
  const met = offerTable();
  const providerMet = indexer<number>();
  for (const r of records) {
    providerInfo.set(r.provider_id, {
      providerId: r.provider_id,
      frn: r.frn,
      brandName: r.brand_name,
    });
    const i = indexIn(ids, Number(r.location_id));
    if (i < 0) continue;
    offer[next[i]!++] = met.of([
      providerMet.of(r.provider_id),
      r.technology_code,
      r.max_advertised_download_speed,
      r.max_advertised_upload_speed,
      r.low_latency,
      BR[r.business_residential_code] ?? 2,
    ]);
  }
  const table = offerTable();
  const final = new Int32Array(met.size).fill(-1);
  for (let k = 0; k < offer.length; k++) {
    const o = offer[k]!;
    if (final[o]! < 0) {
      const [provider, ...rest] = met.row(o);
      final[o] = table.of([providers.of(providerMet.list[provider!]!), ...rest]);
    }
    offer[k] = final[o]!;
  }
  return packedCoverage(vintage, start, offer, table);
}

function noMobile(vintage: string): MobileCoverage {
  const none = new Uint8Array(0);
  return {
    vintage,
    cellHigh: new Uint32Array(0),
    cellLow: new Uint32Array(0),
    start: new Uint32Array(1),
    carrier: none,
    technology: none,
    mindown: new Uint16Array(0),
    minup: new Uint16Array(0),
    minsignal: new Int16Array(0),
    environment: none,
  };
}

export function assembleFabric(area: SyncedArea): Fabric {
  const ids = area.locationIds ?? locationIds(area.locations);
  const n = ids.length;
  const loc = locationColumns(ids);

  // The second pass: each record into its location's row; the newest vintage holding it wins.
  // Names and codes are numbered as met (road in place, the others aside), renumbered below.
  const roadsMet = indexer<string>();
  const townsMet = indexer<string>();
  const placeOf: { city: string; zip: string }[] = [];
  const buildingTypesMet = indexer<string>();
  const landUsesMet = indexer<string>();
  const townMet = new Uint32Array(n);
  const buildingTypeMet = new Uint32Array(n);
  const landUseMet = new Uint32Array(n);
  const countyOf = new Map(area.counties.map((c, k) => [c.geoid, k]));
  const NO_COUNTY = 0xffff;
  area.locations.forEach((records, vi) => {
    for (const r of records) {
      const i = indexIn(ids, r.location_id);
      if (i < 0) throw new Error(`location ${r.location_id} is not among the location_ids`);
      const parts = addressParts(r.address_primary);
      loc.lng[i] = r.longitude;
      loc.lat[i] = r.latitude;
      loc.houseNumber[i] = parts.houseNumber;
      loc.road[i] = roadsMet.of(parts.road);
      loc.unit[i] = parts.unit;
      const t = townsMet.of(`${r.city}|${r.zip}`);
      placeOf[t] ??= { city: r.city, zip: r.zip };
      townMet[i] = t;
      loc.zipSuffix[i] = Number(r.zip_suffix || 0);
      loc.unitCount[i] = r.unit_count;
      loc.bslFlag[i] = r.bsl_flag;
      buildingTypeMet[i] = buildingTypesMet.of(r.building_type_code);
      landUseMet[i] = landUsesMet.of(r.land_use_code);
      loc.tract[i] = Number(r.block_geoid.slice(5, 11));
      loc.block[i] = Number(r.block_geoid.slice(11, 15));
      loc.county[i] = countyOf.get(r.block_geoid.slice(0, 5)) ?? NO_COUNTY;
      loc.presence[i] = loc.presence[i]! | (1 << vi);
    }
  });
  const roads = renumbered(roadsMet.list);
  const townKeys = renumbered(townsMet.list);
  const buildingTypes = renumbered(buildingTypesMet.list);
  const landUses = renumbered(landUsesMet.list);
  const townSums: { lng: number; lat: number; n: number; city: string; zip: string }[] = [];
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    if (loc.county[i] === NO_COUNTY) throw new Error(`location ${id} lies in no synced county`);
    loc.road[i] = roads.of(loc.road[i]!);
    const t = townKeys.of(townMet[i]!);
    townSums[t] ??= { lng: 0, lat: 0, n: 0, ...placeOf[townMet[i]!]! };
    townSums[t].lng += loc.lng[i]!;
    townSums[t].lat += loc.lat[i]!;
    townSums[t].n++;
    loc.town[i] = t;
    loc.buildingType[i] = buildingTypes.of(buildingTypeMet[i]!);
    loc.landUse[i] = landUses.of(landUseMet[i]!);
    loc.reLocationId[i] = area.equivalents.get(id) ?? 0;
  }
  const towns = townsAtMeans(townSums);

  const providers = indexer<number>();
  const providerInfo = new Map<number, Provider>();
  const fixed = area.coverage.map((c) =>
    fixedCoverage(c.vintage, c.records, ids, providers, providerInfo),
  );
  return fabricOf(area, {
    loc,
    towns,
    buildingTypes: buildingTypes.list,
    landUses: landUses.list,
    roadNames: roads.list,
    providers: providers.list.map((id) => providerInfo.get(id)!),
    fixed,
  });
}

/** The location columns of these location_ids, zeroed (no parcel, footprint or address doubt). */
export function locationColumns(ids: Float64Array): AssembledParts['loc'] {
  const n = ids.length;
  return {
    count: n,
    locationId: ids,
    lng: new Float64Array(n),
    lat: new Float64Array(n),
    houseNumber: new Uint32Array(n),
    road: new Uint32Array(n),
    unit: new Uint16Array(n),
    town: new Uint16Array(n),
    zipSuffix: new Uint16Array(n),
    unitCount: new Uint16Array(n),
    bslFlag: new Uint8Array(n),
    buildingType: new Uint8Array(n),
    landUse: new Uint8Array(n),
    addressConfidence: new Uint8Array(n).fill(1),
    tract: new Uint32Array(n),
    block: new Uint16Array(n),
    parcel: new Int32Array(n).fill(-1),
    footprint: new Int32Array(n).fill(-1),
    presence: new Uint8Array(n),
    reLocationId: new Float64Array(n),
    county: new Uint16Array(n),
  };
}

/** A town sits at the mean of its locations: what the search flies to. */
export function townsAtMeans(
  sums: { lng: number; lat: number; n: number; city: string; zip: string }[],
): Town[] {
  return sums.map((t) => ({
    name: titleCase(t.city),
    zip: t.zip,
    lng: t.lng / t.n,
    lat: t.lat / t.n,
  }));
}

/** What an assembly has built, besides the area: the columns, names, towns and coverage. */
export interface AssembledParts {
  loc: Fabric['locations'] & { county: Uint16Array };
  towns: Town[];
  buildingTypes: string[];
  landUses: string[];
  roadNames: string[];
  providers: Provider[];
  fixed: FixedCoverage[];
}

/**
 * The Fabric of an assembly's parts: the counties (one keeps the single-county form), roads by
 * name only, no parcels, footprints or mobile coverage.
 */
export function fabricOf(
  area: Pick<SyncedArea, 'counties' | 'vintages' | 'coverage' | 'seed'>,
  parts: AssembledParts,
): Fabric {
  const [first] = area.counties;
  if (!first) throw new Error('a workspace holds at least one county');
  // One county keeps the single-county form; several add the list and the column naming each.
  const { county, ...locations } = parts.loc;
  const several = area.counties.length > 1;
  return {
    seed: area.seed,
    county: {
      geoid: first.geoid,
      name: first.name,
      state: first.state,
      stateFips: first.geoid.slice(0, 2),
      boundary: {
        type: 'MultiPolygon',
        coordinates: area.counties.flatMap((c) => c.boundary.coordinates),
      },
    },
    ...(several
      ? { counties: area.counties.map(({ geoid, name, state }) => ({ geoid, name, state })) }
      : {}),
    vintages: area.vintages,
    towns: parts.towns,
    codes: { buildingType: parts.buildingTypes, landUse: parts.landUses },
    roads: {
      geometry: namesOnly(parts.roadNames.length),
      name: parts.roadNames,
      roadClass: new Uint8Array(parts.roadNames.length),
    },
    parcels: { geometry: namesOnly(0) },
    footprints: { geometry: namesOnly(0), parcel: new Int32Array(0) },
    locations: several ? { ...locations, county } : locations,
    fixedProviders: parts.providers,
    fixedCoverage: parts.fixed,
    mobileCarriers: [],
    mobileCoverage: area.coverage.map((c) => noMobile(c.vintage)),
  };
}
