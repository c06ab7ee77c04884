// Location, parcel and footprint records over PostGIS (data and bulk), as the memory store gives
// them (memory/ops/location-records.ts): the fabric's columns as imported, the coverage fields from
// location_coverage (derived at import as the memory store derives them), the uuid from the
// location's feature rank, the H3 res-8 cell computed from the point as the memory store does.
// Answers keep the order asked; ids unknown in the release are skipped.
import { latLngToCell } from '../../../contract/h3';
import { RECORD_FIELDS } from '../contract';
import { SERVED_STATUS, servedStatusCode } from '../rules/served-status-codes';
import type { AreaFeatureRecord, LocationRecord } from '../store';
import type { PgContext } from './context';

/** location_features' rank is what a locations-layer uuid encodes (layer 0). */
const LOCATIONS = 0;
const AREA_LAYER = { parcels: 1, footprints: 2 } as const;

/** A location's address row as queries read it (location_id as float8, its feature rank). */
export interface AddressRow {
  location_id: number;
  feature: number;
  address_primary: string;
  city: string;
  state: string;
  zip: string;
  zip_suffix: string;
}

interface Row extends AddressRow {
  unit_count: number;
  bsl_flag: number;
  building_type_code: string;
  land_use_code: string;
  county_geoid: string;
  block_geoid: string;
  h3_9: string;
  latitude: number;
  longitude: number;
  served_status: number | null;
  max_down_mbps: number | null;
  max_up_mbps: number | null;
  provider_count: number | null;
  fiber_provider_count: number | null;
}

// `asked` is a list of (key, position); the caller's join picks the locations it names.
const SELECT = (join: string) => `
  SELECT l.location_id::float8 AS location_id, f.feature, l.address_primary, l.city, l.state,
         l.zip, l.zip_suffix, l.unit_count, l.bsl_flag::int AS bsl_flag, l.building_type_code,
         l.land_use_code, l.county_geoid, l.block_geoid, l.h3_9, l.latitude, l.longitude,
         c.served_status::int AS served_status, c.max_down_mbps, c.max_up_mbps,
         c.provider_count::int AS provider_count, c.fiber_provider_count::int AS fiber_provider_count
    FROM unnest($2::bigint[]) WITH ORDINALITY AS asked(key, pos)
    ${join}
    JOIN locations l ON l.vintage = $1 AND l.location_id = f.location_id
    LEFT JOIN location_coverage c ON c.vintage = $1 AND c.location_id = l.location_id
   ORDER BY asked.pos`;
const BY_ID = SELECT('JOIN location_features f ON f.location_id = asked.key');
const BY_FEATURE = SELECT('JOIN location_features f ON f.feature = asked.key');

type Readers = { [K in keyof LocationRecord]: (r: Row) => LocationRecord[K] };

function readers(ctx: PgContext, vi: number): Readers {
  return {
    location_id: (r) => r.location_id,
    uuid: (r) => ctx.codec.encode({ layer: LOCATIONS, vintageIndex: vi, feature: r.feature }),
    address_primary: (r) => r.address_primary,
    city: (r) => r.city,
    state: (r) => r.state,
    zip: (r) => r.zip,
    zip_suffix: (r) => r.zip_suffix,
    unit_count: (r) => r.unit_count,
    bsl_flag: (r) => r.bsl_flag,
    building_type_code: (r) => r.building_type_code,
    land_use_code: (r) => r.land_use_code,
    county_geoid: (r) => r.county_geoid,
    block_geoid: (r) => r.block_geoid,
    h3_res9_id: (r) => r.h3_9,
    latitude: (r) => r.latitude,
    longitude: (r) => r.longitude,
    state_abbr: (r) => r.state,
    h3_res8_id: (r) => latLngToCell(r.latitude, r.longitude, 8),
    // A location without coverage rows has no offers: unserved, zeros (as the memory store).
    served_status: (r) =>
      SERVED_STATUS[
        servedStatusCode({ inRelease: true, bsl: r.bsl_flag === 1 }, r.served_status ?? 0)
      ],
    max_down_mbps: (r) => r.max_down_mbps ?? 0,
    max_up_mbps: (r) => r.max_up_mbps ?? 0,
    provider_count: (r) => r.provider_count ?? 0,
    fiber_provider_count: (r) => r.fiber_provider_count ?? 0,
  };
}

/** location_ids that can name a stored location (others match nothing, as in memory). */
const idKeys = (ids: number[]) => ids.filter((id) => Number.isSafeInteger(id)).map(String);

/** Feature ranks of the locations-layer uuids of release vi; any other uuid is skipped. */
function featureKeys(ctx: PgContext, vi: number, uuids: string[]): string[] {
  const out: string[] = [];
  for (const u of uuids) {
    const t = ctx.codec.decode(u);
    if (t && t.layer === LOCATIONS && t.vintageIndex === vi) out.push(String(t.feature));
  }
  return out;
}

async function rows(
  ctx: PgContext,
  vintage: string,
  ids: { location_id: number[] } | { uuid: string[] },
): Promise<Row[]> {
  const vi = ctx.vintageIndex(vintage);
  if (vi < 0) return [];
  const [sql, keys] =
    'location_id' in ids
      ? [BY_ID, idKeys(ids.location_id)]
      : [BY_FEATURE, featureKeys(ctx, vi, ids.uuid)];
  if (!keys.length) return [];
  return (await ctx.pool.query<Row>(sql, [vintage, keys])).rows;
}

function pick<K extends keyof LocationRecord>(
  read: Readers,
  row: Row,
  keys: readonly K[],
): Pick<LocationRecord, K> {
  const out: Partial<Pick<LocationRecord, K>> = {};
  for (const k of keys) out[k] = read[k](row);
  return out as Pick<LocationRecord, K>;
}

const ALL_KEYS = RECORD_FIELDS.locations as readonly (keyof LocationRecord)[];

export async function locationData(
  ctx: PgContext,
  vintage: string,
  by: { location_id: number } | { uuid: string },
): Promise<LocationRecord[]> {
  const ids = 'location_id' in by ? { location_id: [by.location_id] } : { uuid: [by.uuid] };
  const read = readers(ctx, ctx.vintageIndex(vintage));
  return (await rows(ctx, vintage, ids)).map((r) => pick(read, r, ALL_KEYS));
}

export async function bulkLocations(
  ctx: PgContext,
  vintage: string,
  ids: { location_id: number[] } | { uuid: string[] },
  fields: string[],
): Promise<Partial<LocationRecord>[]> {
  // The id asked by is always kept; fields come in listorder, as the memory store gives them.
  const keep = new Set<string>(fields);
  keep.add('location_id' in ids ? 'location_id' : 'uuid');
  const keys = ALL_KEYS.filter((f) => keep.has(f));
  const read = readers(ctx, ctx.vintageIndex(vintage));
  return (await rows(ctx, vintage, ids)).map((r) => pick(read, r, keys));
}

/**
 * Parcels or footprints by uuid, each with how many of the release's locations it holds. A uuid
 * of another layer or release, or of a feature the release's layer does not have, is skipped.
 */
export async function areaFeatures(
  ctx: PgContext,
  vintage: string,
  layer: 'parcels' | 'footprints',
  uuids: string[],
): Promise<AreaFeatureRecord[]> {
  const vi = ctx.vintageIndex(vintage);
  const layerVintage = vi < 0 ? null : ctx.layerVintages(vintage)[layer];
  if (layerVintage === null) return [];
  const asked: { uuid: string; feature: number }[] = [];
  for (const uuid of uuids) {
    const t = ctx.codec.decode(uuid);
    if (t && t.layer === AREA_LAYER[layer] && t.vintageIndex === vi) {
      asked.push({ uuid, feature: t.feature });
    }
  }
  if (!asked.length) return [];
  const column = layer === 'parcels' ? 'parcel_feature' : 'footprint_feature';
  const { rows: found } = await ctx.pool.query<{ pos: number; n: number }>(
    `SELECT asked.pos::int AS pos,
            (SELECT count(*) FROM location_areas a
              WHERE a.vintage = $1 AND a.${column} = asked.feature)::int AS n
       FROM unnest($3::bigint[]) WITH ORDINALITY AS asked(feature, pos)
      WHERE EXISTS (SELECT 1 FROM ${layer} g WHERE g.vintage = $2 AND g.feature = asked.feature)
      ORDER BY asked.pos`,
    [vintage, layerVintage, asked.map((a) => a.feature)],
  );
  return found.map(({ pos, n }) => ({ uuid: asked[pos - 1].uuid, location_count: n }));
}
