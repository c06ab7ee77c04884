// Location records (data and bulk operations) assembled from columns on demand.
import { latLngToCell } from 'h3-js';
import type { FabricIndex } from '../store/fabric-index';
import type { LocationRecord } from '../store/store';

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
