// What each published CSV layout loads into: its table, its columns in COPY order with their
// SQL types, the rules each field must meet, the scope a file covers (a later file of the same
// scope replaces it), its duplicate key, and which location_ids must be in the release's fabric.
import { FIXED_TECHNOLOGIES } from '../../../shared/technology';
import { CSV_COLUMNS, type CsvKind } from '../layouts';
import * as rule from './field-rules';

export interface CsvKindSpec {
  kind: CsvKind;
  table: string;
  header: readonly string[];
  columns: readonly (readonly [string, string])[];
  /** The fields of a record as COPY values, in `columns` order; throws RowRejected. */
  convert(f: string[]): string[];
  /** What a file covers, from one converted row; null: the file's name is its scope. */
  scope(values: string[]): string | null;
  /** Columns no two rows of a file may share. */
  key: readonly string[];
  /** A column whose location_id must be a location of the same release. */
  inFabric?: string;
  /** Why a file must hold one scope only, when a row of another turns up. */
  scopeRule?: string;
}

const BUILDING_TYPES = ['R', 'B', 'X', 'C', 'E', 'G'];
const FIXED_CODES = FIXED_TECHNOLOGIES.map((t) => String(t.code));
const MOBILE_CODES: Record<string, string> = {
  3: '3',
  4: '4',
  5: '5',
  300: '3',
  400: '4',
  500: '5',
};

const locations: CsvKindSpec = {
  kind: 'locations',
  table: 'locations',
  header: CSV_COLUMNS.locations,
  columns: [
    ['location_id', 'bigint'],
    ['address_primary', 'text'],
    ['city', 'text'],
    ['state', 'text'],
    ['zip', 'text'],
    ['zip_suffix', 'text'],
    ['unit_count', 'integer'],
    ['bsl_flag', 'smallint'],
    ['building_type_code', 'text'],
    ['land_use_code', 'text'],
    ['address_confidence_code', 'smallint'],
    ['county_geoid', 'text'],
    ['block_geoid', 'text'],
    ['h3_9', 'text'],
    ['latitude', 'double precision'],
    ['longitude', 'double precision'],
  ],
  convert(f) {
    const county = rule.digits(f[11], 'county_geoid', 5);
    const block = rule.digits(f[12], 'block_geoid', 15);
    if (!block.startsWith(county)) {
      throw new rule.RowRejected(`block_geoid ${block} is not in county ${county}`);
    }
    const lat = rule.coordinate(f[14], 'latitude');
    const lng = rule.coordinate(f[15], 'longitude');
    const cell = rule.h3Cell(f[13], 'h3_9', 9);
    rule.cellOfPoint(cell, lat, lng);
    return [
      rule.locationId(f[0]),
      rule.text(f[1], 'address_primary'),
      rule.text(f[2], 'city'),
      rule.stateCode(f[3], 'state'),
      rule.digits(f[4], 'zip', 5),
      f[5] === '' ? '' : rule.digits(f[5], 'zip_suffix', 4),
      rule.wholeNumber(f[6], 'unit_count'),
      rule.flag(f[7], 'bsl_flag'),
      rule.oneOf(f[8], 'building_type_code', BUILDING_TYPES),
      f[9],
      rule.wholeNumber(f[10], 'address_confidence_code'),
      county,
      block,
      cell,
      f[14],
      f[15],
    ];
  },
  scope: (v) => v[3],
  scopeRule: 'a fabric file holds the locations of one state',
  key: ['location_id'],
};

const fixed: CsvKindSpec = {
  kind: 'fixed',
  table: 'fixed_availability',
  header: CSV_COLUMNS.fixed,
  columns: [
    ['frn', 'text'],
    ['provider_id', 'integer'],
    ['brand_name', 'text'],
    ['location_id', 'bigint'],
    ['technology', 'smallint'],
    ['max_advertised_download_speed', 'integer'],
    ['max_advertised_upload_speed', 'integer'],
    ['low_latency', 'smallint'],
    ['business_residential_code', 'char(1)'],
    ['state_usps', 'text'],
    ['block_geoid', 'text'],
    ['h3_res8_id', 'text'],
  ],
  convert(f) {
    if (!FIXED_CODES.includes(f[4])) {
      throw new rule.RowRejected(
        `technology "${f[4]}" is not a BDC technology code (${FIXED_CODES.join(', ')})`,
      );
    }
    return [
      rule.digits(f[0], 'frn', 10),
      rule.wholeNumber(f[1], 'provider_id'),
      rule.text(f[2], 'brand_name'),
      rule.locationId(f[3]),
      f[4],
      rule.wholeNumber(f[5], 'max_advertised_download_speed'),
      rule.wholeNumber(f[6], 'max_advertised_upload_speed'),
      rule.flag(f[7], 'low_latency'),
      rule.oneOf(f[8], 'business_residential_code', ['R', 'B', 'X']),
      rule.stateCode(f[9], 'state_usps'),
      rule.digits(f[10], 'block_geoid', 15),
      rule.h3Cell(f[11], 'h3_res8_id', 8),
    ];
  },
  scope: (v) => `${v[9]}/${v[4]}`,
  scopeRule: 'a BDC fixed availability file holds one state and one technology',
  key: ['location_id', 'provider_id', 'technology', 'business_residential_code'],
  inFabric: 'location_id',
};

const mobile: CsvKindSpec = {
  kind: 'mobile',
  table: 'mobile_coverage',
  header: CSV_COLUMNS.mobile,
  columns: [
    ['frn', 'text'],
    ['provider_id', 'integer'],
    ['brand_name', 'text'],
    ['h3_res9_id', 'text'],
    ['technology', 'smallint'],
    ['mindown', 'double precision'],
    ['minup', 'double precision'],
    ['minsignal', 'double precision'],
    ['environment', 'smallint'],
  ],
  convert(f) {
    const technology = MOBILE_CODES[f[4]];
    if (!technology) {
      throw new rule.RowRejected(
        `technology "${f[4]}" is not a mobile technology code (300, 400, 500)`,
      );
    }
    if (!/^-\d+(\.\d+)?$/.test(f[7])) {
      throw new rule.RowRejected(`minsignal "${f[7]}" is not a negative number of dBm`);
    }
    return [
      rule.digits(f[0], 'frn', 10),
      rule.wholeNumber(f[1], 'provider_id'),
      rule.text(f[2], 'brand_name'),
      rule.h3Cell(f[3], 'h3_res9_id', 9),
      technology,
      rule.nonNegative(f[5], 'mindown'),
      rule.nonNegative(f[6], 'minup'),
      f[7],
      rule.oneOf(f[8], 'environment', ['0', '1']),
    ];
  },
  scope: () => null,
  key: ['h3_res9_id', 'provider_id', 'technology', 'environment', 'mindown', 'minup'],
};

const retirements: CsvKindSpec = {
  kind: 'retirements',
  table: 'retirements',
  header: CSV_COLUMNS.retirements,
  columns: [
    ['location_id', 'bigint'],
    ['re_location_id', 'bigint'],
  ],
  convert(f) {
    const id = rule.locationId(f[0]);
    const re = rule.locationId(f[1], 're_location_id');
    if (id === re) throw new rule.RowRejected(`location ${id} is its own retirement equivalent`);
    return [id, re];
  },
  scope: () => null,
  key: ['location_id'],
  inFabric: 're_location_id',
};

export const CSV_KINDS: Record<CsvKind, CsvKindSpec> = { locations, fixed, mobile, retirements };
