// Location records (data and bulk operations) assembled from columns on demand.
import { latLngToCell } from '../../../../contract/h3';
import type { FabricIndex } from '../fabric-index';
import type { AreaFeatureRecord, LocationRecord } from '../../store';
import { continuousColumn, coverageOfVintage, discreteColumn } from './field-values';
import { SERVED_STATUS, servedStatusCode } from '../../rules/served-status-codes';
import { RECORD_FIELDS } from '../../field-catalogue';
import { countyOfLocation } from '../../fabric-counties';

export const LAYER_CODE = { locations: 0, parcels: 1, footprints: 2 } as const;

export function locationUuid(ix: FabricIndex, vi: number, i: number): string {
  return ix.uuids.encode({ layer: LAYER_CODE.locations, vintageIndex: vi, feature: i });
}

/** The address line as the fabric writes it: "1201 OAK ST" or "200 OAK ST APT 2". */
export function addressPrimary(ix: FabricIndex, i: number): string {
  const loc = ix.fabric.locations;
  const base = `${loc.houseNumber[i]} ${ix.fabric.roads.name[loc.road[i]]}`;
  return loc.unit[i] ? `${base} APT ${loc.unit[i]}` : base;
}

type FieldReaders = { [K in keyof LocationRecord]: (i: number) => LocationRecord[K] };

/** Coverage-derived fields read the way summarize groups and sums them (one definition each). */
function discrete(ix: FabricIndex, vi: number, name: string): (i: number) => string {
  const col = discreteColumn(ix, vi, name);
  if (!col) throw new Error(`${name} is not a discrete location field`);
  return (i) => col.label(col.code(i));
}
function continuous(ix: FabricIndex, vi: number, name: string): (i: number) => number {
  const col = continuousColumn(ix, vi, name);
  if (!col) throw new Error(`${name} is not a continuous location field`);
  return (i) => col[i];
}

/**
 * The coverage fields of vintage vi's records: read from the coverage of the same YYYYMM, as
 * summarize reads them and as the PostGIS import derives them. A fabric without that coverage
 * (a workspace synced with other coverage vintages) gives what PostGIS gives a location with no
 * coverage rows: no offers, so unserved (notbsl for a non-BSL) and zeros.
 */
function coverageReaders(ix: FabricIndex, vi: number) {
  const at = coverageOfVintage(ix, vi);
  if (at)
    return {
      served_status: discrete(ix, vi, 'served_status'),
      max_down_mbps: continuous(ix, vi, 'max_down_mbps'),
      max_up_mbps: continuous(ix, vi, 'max_up_mbps'),
      provider_count: continuous(ix, vi, 'provider_count'),
      fiber_provider_count: continuous(ix, vi, 'fiber_provider_count'),
    };
  const { bslFlag } = ix.fabric.locations;
  const none = () => 0;
  return {
    served_status: (i: number) =>
      SERVED_STATUS[servedStatusCode({ inRelease: true, bsl: bslFlag[i] === 1 }, 0)]!,
    max_down_mbps: none,
    max_up_mbps: none,
    provider_count: none,
    fiber_provider_count: none,
  };
}

function buildReaders(ix: FabricIndex, vi: number): FieldReaders {
  const { locations: loc, towns, codes } = ix.fabric;
  const county = countyOfLocation(ix.fabric);
  return {
    location_id: (i) => loc.locationId[i],
    uuid: (i) => locationUuid(ix, vi, i),
    address_primary: (i) => addressPrimary(ix, i),
    city: (i) => towns[loc.town[i]].name.toUpperCase(),
    state: (i) => county(i).state,
    zip: (i) => towns[loc.town[i]].zip,
    zip_suffix: (i) => String(loc.zipSuffix[i]).padStart(4, '0'),
    unit_count: (i) => loc.unitCount[i],
    bsl_flag: (i) => loc.bslFlag[i],
    building_type_code: (i) => codes.buildingType[loc.buildingType[i]] ?? '',
    land_use_code: (i) => codes.landUse[loc.landUse[i]] ?? '',
    county_geoid: (i) => county(i).geoid,
    block_geoid: (i) =>
      county(i).geoid +
      String(loc.tract[i]).padStart(6, '0') +
      String(loc.block[i]).padStart(4, '0'),
    h3_res9_id: (i) => latLngToCell(loc.lat[i], loc.lng[i], 9),
    latitude: (i) => loc.lat[i],
    longitude: (i) => loc.lng[i],
    state_abbr: discrete(ix, vi, 'state_abbr'),
    h3_res8_id: discrete(ix, vi, 'h3_res8_id'),
    ...coverageReaders(ix, vi),
  };
}

const readerMemo = new WeakMap<FabricIndex, FieldReaders[]>();

/** Readers of every location field of vintage vi, built once per vintage (bulk reads only some). */
function readers(ix: FabricIndex, vi: number): FieldReaders {
  let perVintage = readerMemo.get(ix);
  if (!perVintage) readerMemo.set(ix, (perVintage = []));
  return (perVintage[vi] ??= buildReaders(ix, vi));
}

/**
 * The named fields of location i in vintage vi, in the order given. The fields are what the
 * fabric stores plus what summarize computes (coverage fields from the coverage vintage of the
 * same YYYYMM), so a record can hold every field `fields` lists.
 */
export function locationFields<K extends keyof LocationRecord>(
  ix: FabricIndex,
  vi: number,
  i: number,
  keys: readonly K[],
): Pick<LocationRecord, K> {
  const r = readers(ix, vi);
  const out: Partial<Pick<LocationRecord, K>> = {};
  for (const k of keys) out[k] = r[k](i);
  return out as Pick<LocationRecord, K>;
}

/** The whole record of location i in vintage vi: every field `fields` lists. */
export function locationRecord(ix: FabricIndex, vi: number, i: number): LocationRecord {
  return locationFields(ix, vi, i, LOCATION_KEYS);
}

// A record holds exactly the fields `fields` lists, in listorder (a test holds the two equal).
const LOCATION_KEYS = RECORD_FIELDS.locations as readonly (keyof LocationRecord)[];

/** Location index for a location_id or a locations-layer uuid of vintage vi, present in it; else -1. */
export function resolveLocation(
  ix: FabricIndex,
  vi: number,
  by: { location_id: number } | { uuid: string },
): number {
  let i: number;
  if ('location_id' in by) {
    i = ix.locationIndex(by.location_id);
  } else {
    const t = ix.uuids.decode(by.uuid);
    i = t && t.layer === LAYER_CODE.locations && t.vintageIndex === vi ? t.feature : -1;
  }
  if (i < 0 || i >= ix.fabric.locations.count) return -1;
  return ix.fabric.locations.presence[i] & (1 << vi) ? i : -1;
}

/** The uuid of parcel or footprint f in vintage vi (every parcel and footprint is in every vintage). */
export function areaFeatureUuid(
  ix: FabricIndex,
  layer: 'parcels' | 'footprints',
  vi: number,
  f: number,
): string {
  return ix.uuids.encode({ layer: LAYER_CODE[layer], vintageIndex: vi, feature: f });
}

/** A parcel or footprint record for a uuid of that layer and vintage; null for any other uuid. */
export function areaFeatureRecord(
  ix: FabricIndex,
  layer: 'parcels' | 'footprints',
  vi: number,
  uuid: string,
): AreaFeatureRecord | null {
  const t = ix.uuids.decode(uuid);
  const members = layer === 'parcels' ? ix.parcelLocations : ix.footprintLocations;
  const count = members.start.length - 1;
  if (!t || t.layer !== LAYER_CODE[layer] || t.vintageIndex !== vi || t.feature >= count) {
    return null;
  }
  const presence = ix.fabric.locations.presence;
  let located = 0;
  for (let k = members.start[t.feature]; k < members.start[t.feature + 1]; k++) {
    if (presence[members.items[k]] & (1 << vi)) located++;
  }
  return { uuid, location_count: located };
}
