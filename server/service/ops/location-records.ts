// Location records (data and bulk operations) assembled from columns on demand.
import { latLngToCell } from 'h3-js';
import type { FabricIndex } from '../store/fabric-index';
import type { AreaFeatureRecord, LocationRecord } from '../store/store';
import { continuousColumn, discreteColumn } from './field-values';

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

/** A discrete field's label, read the way summarize groups it (one definition of each). */
function label(ix: FabricIndex, vi: number, name: string, i: number): string {
  const col = discreteColumn(ix, vi, name);
  if (!col) throw new Error(`${name} is not a discrete location field`);
  return col.label(col.code(i));
}

/** A continuous field's value, read the way summarize sums it, from vintage vi's coverage. */
function value(ix: FabricIndex, vi: number, name: string, i: number): number {
  const col = continuousColumn(ix, vi, name);
  if (!col) throw new Error(`${name} is not a continuous location field`);
  return col[i];
}

/**
 * The full record of location i in vintage vi: what the fabric stores plus what summarize
 * computes (coverage fields come from the coverage vintage of the same YYYYMM), so that a
 * record holds every field `fields` lists.
 */
export function locationRecord(ix: FabricIndex, vi: number, i: number): LocationRecord {
  const { locations: loc, towns, codes, county } = ix.fabric;
  const town = towns[loc.town[i]];
  return {
    location_id: loc.locationId[i],
    uuid: locationUuid(ix, vi, i),
    address_primary: addressPrimary(ix, i),
    city: town.name.toUpperCase(),
    state: county.state,
    zip: town.zip,
    zip_suffix: String(loc.zipSuffix[i]).padStart(4, '0'),
    unit_count: loc.unitCount[i],
    bsl_flag: loc.bslFlag[i],
    building_type_code: codes.buildingType[loc.buildingType[i]] ?? '',
    land_use_code: codes.landUse[loc.landUse[i]] ?? '',
    county_geoid: county.geoid,
    block_geoid:
      county.geoid + String(loc.tract[i]).padStart(6, '0') + String(loc.block[i]).padStart(4, '0'),
    h3_res9_id: latLngToCell(loc.lat[i], loc.lng[i], 9),
    latitude: loc.lat[i],
    longitude: loc.lng[i],
    state_abbr: label(ix, vi, 'state_abbr', i),
    h3_res8_id: label(ix, vi, 'h3_res8_id', i),
    served_status: label(ix, vi, 'served_status', i),
    max_down_mbps: value(ix, vi, 'max_down_mbps', i),
    max_up_mbps: value(ix, vi, 'max_up_mbps', i),
    provider_count: value(ix, vi, 'provider_count', i),
    fiber_provider_count: value(ix, vi, 'fiber_provider_count', i),
  };
}

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
