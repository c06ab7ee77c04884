// The assembly as it was before it streamed, kept as the reference the streamed one
// (assemble-fabric.ts) must equal byte for byte: every record held as an object, one per
// location_id in a Map, coverage grouped per location in arrays. Its memory grows with the
// records; only the tests use it, over small areas.
import type { Fabric, FixedCoverage, Provider } from '../../service/store/fabric';
import { packFixedCoverage } from '../../service/store/memory/fixed-offers';
import { addressParts } from '../address-parts';
import {
  fabricOf,
  indexer,
  locationColumns,
  townsAtMeans,
  type SyncedArea,
} from '../assemble-fabric';
import type { SyncedFixedRecord, SyncedLocation } from '../published-shapes';

/** What the streamed assembly reads, as arrays held whole. */
export interface RecordArea extends Omit<SyncedArea, 'locations' | 'coverage'> {
  locations: SyncedLocation[][];
  coverage: { vintage: string; records: SyncedFixedRecord[] }[];
}

const BR: Record<string, number> = { R: 0, B: 1, X: 2 };

function fixedCoverage(
  vintage: string,
  records: SyncedFixedRecord[],
  rowOf: Map<number, number>,
  count: number,
  providers: ReturnType<typeof indexer<number>>,
  providerInfo: Map<number, Provider>,
): FixedCoverage {
  const byLocation: SyncedFixedRecord[][] = Array.from({ length: count }, () => []);
  for (const r of records) {
    const i = rowOf.get(Number(r.location_id));
    if (i !== undefined) byLocation[i]!.push(r);
    providerInfo.set(r.provider_id, {
      providerId: r.provider_id,
      frn: r.frn,
      brandName: r.brand_name,
    });
  }
  const start = new Uint32Array(count + 1);
  const cols = {
    provider: [] as number[],
    technology: [] as number[],
    down: [] as number[],
    up: [] as number[],
    lowLatency: [] as number[],
    businessResidential: [] as number[],
  };
  byLocation.forEach((list, i) => {
    for (const r of list) {
      cols.provider.push(providers.of(r.provider_id));
      cols.technology.push(r.technology_code);
      cols.down.push(r.max_advertised_download_speed);
      cols.up.push(r.max_advertised_upload_speed);
      cols.lowLatency.push(r.low_latency);
      cols.businessResidential.push(BR[r.business_residential_code] ?? 2);
    }
    start[i + 1] = cols.provider.length;
  });
  return packFixedCoverage(vintage, start, cols);
}

export function assembleByRecords(area: RecordArea): Fabric {
  // One record per location_id; the newest vintage holding it wins.
  const byId = new Map<number, { record: SyncedLocation; presence: number }>();
  area.locations.forEach((records, vi) => {
    for (const record of records) {
      const held = byId.get(record.location_id);
      byId.set(record.location_id, { record, presence: (held?.presence ?? 0) | (1 << vi) });
    }
  });
  const ids = [...byId.keys()].sort((a, b) => a - b);
  const n = ids.length;
  const roads = indexer<string>();
  const townKeys = indexer<string>();
  const buildingTypes = indexer<string>();
  const landUses = indexer<string>();
  const townSums: { lng: number; lat: number; n: number; city: string; zip: string }[] = [];
  const loc = locationColumns(Float64Array.from(ids));

  const countyOf = new Map(area.counties.map((c, k) => [c.geoid, k]));
  ids.forEach((id, i) => {
    const { record: r, presence } = byId.get(id)!;
    const parts = addressParts(r.address_primary);
    loc.lng[i] = r.longitude;
    loc.lat[i] = r.latitude;
    loc.houseNumber[i] = parts.houseNumber;
    loc.road[i] = roads.of(parts.road);
    loc.unit[i] = parts.unit;
    const t = townKeys.of(`${r.city}|${r.zip}`);
    townSums[t] ??= { lng: 0, lat: 0, n: 0, city: r.city, zip: r.zip };
    townSums[t].lng += r.longitude;
    townSums[t].lat += r.latitude;
    townSums[t].n++;
    loc.town[i] = t;
    loc.zipSuffix[i] = Number(r.zip_suffix || 0);
    loc.unitCount[i] = r.unit_count;
    loc.bslFlag[i] = r.bsl_flag;
    loc.buildingType[i] = buildingTypes.of(r.building_type_code);
    loc.landUse[i] = landUses.of(r.land_use_code);
    loc.tract[i] = Number(r.block_geoid.slice(5, 11));
    loc.block[i] = Number(r.block_geoid.slice(11, 15));
    const county = countyOf.get(r.block_geoid.slice(0, 5));
    if (county === undefined) throw new Error(`location ${id} lies in no synced county`);
    loc.county[i] = county;
    loc.presence[i] = presence;
    loc.reLocationId[i] = area.equivalents.get(id) ?? 0;
  });
  const towns = townsAtMeans(townSums);

  const rowOf = new Map(ids.map((id, i) => [id, i]));
  const providers = indexer<number>();
  const providerInfo = new Map<number, Provider>();
  const fixed = area.coverage.map((c) =>
    fixedCoverage(c.vintage, c.records, rowOf, n, providers, providerInfo),
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
