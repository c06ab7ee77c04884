// Field definitions per layer (the fields operation), and the check summarize's caller makes
// before asking: a field name is unknown, known but not reportable, or reportable.
import type { FieldCategory, FieldDef, LayerName } from './store';

const cat = (label: string, min: number, max: number): FieldCategory => ({ label, min, max });
const BIG = 2_147_483_647;

/** Categories of the continuous location fields, in listorder; the last is open-ended. */
export const LOCATION_CATEGORIES: Record<string, FieldCategory[]> = {
  unit_count: [cat('1', 1, 1), cat('2-4', 2, 4), cat('5-19', 5, 19), cat('20+', 20, BIG)],
  // Breaks at the speed thresholds planners use (docs/DOMAIN.md, "Fixed broadband"): 25/3, 100/20,
  // 1000/100.
  max_down_mbps: [
    cat('0-24', 0, 24),
    cat('25-99', 25, 99),
    cat('100-999', 100, 999),
    cat('1000+', 1000, BIG),
  ],
  max_up_mbps: [cat('0-2', 0, 2), cat('3-19', 3, 19), cat('20-99', 20, 99), cat('100+', 100, BIG)],
  provider_count: [cat('0', 0, 0), cat('1', 1, 1), cat('2', 2, 2), cat('3+', 3, BIG)],
  fiber_provider_count: [cat('0', 0, 0), cat('1', 1, 1), cat('2+', 2, BIG)],
};

type Def = [
  name: string,
  type: FieldDef['fieldtype'],
  discrete: 0 | 1,
  reportable: 0 | 1,
  definition: string,
];

/**
 * datalevel: 10 for what the fabric stores about a feature (address, codes, identifiers,
 * coordinates and what follows from them), 20 for what is computed from the vintage's fixed
 * coverage. A client that wants only the fabric's own attributes asks for level 10.
 */
export const DATALEVEL = { fabric: 10, coverage: 20 } as const;
const COVERAGE_FIELDS = new Set([
  'served_status',
  'max_down_mbps',
  'max_up_mbps',
  'provider_count',
  'fiber_provider_count',
]);

/**
 * Python format strings, as the published guide writes `f"{n:d}"` for integers. Coordinates
 * are the only numbers and hold 7 decimals (about a centimetre); text is shown as is.
 */
const FORMAT: Record<FieldDef['fieldtype'], string> = {
  integer: 'f"{n:d}"',
  number: 'f"{n:.7f}"',
  text: 'f"{s}"',
};

// Every field a location record holds, in listorder; data and bulk serve exactly these.
const LOCATION_FIELDS: Def[] = [
  ['location_id', 'integer', 1, 0, 'Fabric location identifier, stable across vintages'],
  ['uuid', 'text', 1, 0, 'Identifier of this feature in this vintage'],
  ['address_primary', 'text', 1, 0, 'Primary address line'],
  ['city', 'text', 1, 0, 'City of the address'],
  ['state', 'text', 1, 0, 'State of the address (USPS abbreviation)'],
  ['zip', 'text', 1, 0, 'ZIP code'],
  ['zip_suffix', 'text', 1, 0, 'ZIP+4 suffix'],
  ['state_abbr', 'text', 1, 1, 'State (USPS abbreviation)'],
  ['county_geoid', 'text', 1, 1, 'County FIPS code (5 digits)'],
  ['block_geoid', 'text', 1, 0, 'Census 2020 block GEOID (15 digits)'],
  ['bsl_flag', 'integer', 1, 1, '1 when the location is a broadband serviceable location'],
  [
    'building_type_code',
    'text',
    1,
    1,
    'R residential, B business, X mixed, C community anchor, E/G other',
  ],
  ['land_use_code', 'text', 1, 1, 'Land use code of the parcel'],
  ['h3_res9_id', 'text', 1, 0, 'H3 resolution-9 cell holding the location'],
  ['h3_res8_id', 'text', 1, 1, 'H3 resolution-8 cell holding the location'],
  [
    'served_status',
    'text',
    1,
    1,
    'Broadband status under the filters chosen on the map (by default the BEAD rule over residential offers), counted as the area report counts: served, underserved or unserved; notbsl for a location that is not a broadband serviceable location (never counted as unserved); notinrelease for a location outside the release the coverage was reported on',
  ],
  ['unit_count', 'integer', 0, 1, 'Housing or business units at the location'],
  [
    'max_down_mbps',
    'integer',
    0,
    1,
    'Best advertised download speed of any fixed technology, Mbps',
  ],
  ['max_up_mbps', 'integer', 0, 1, 'Best advertised upload speed of any fixed technology, Mbps'],
  ['provider_count', 'integer', 0, 1, 'Fixed providers reporting any service at the location'],
  ['fiber_provider_count', 'integer', 0, 1, 'Fixed providers reporting fiber to the premises'],
  ['latitude', 'number', 0, 0, 'Latitude (WGS84)'],
  ['longitude', 'number', 0, 0, 'Longitude (WGS84)'],
];

const PARCEL_FIELDS: Def[] = [
  ['uuid', 'text', 1, 0, 'Identifier of this parcel in this vintage'],
  ['location_count', 'integer', 0, 0, 'Locations of this vintage on the parcel'],
];

const FOOTPRINT_FIELDS: Def[] = [
  ['uuid', 'text', 1, 0, 'Identifier of this footprint in this vintage'],
  ['location_count', 'integer', 0, 0, 'Locations of this vintage in the building'],
];

function toDefs(defs: Def[], categories: Record<string, FieldCategory[]>): FieldDef[] {
  return defs.map(([fieldname, fieldtype, discrete, reportable, definition], i) => ({
    fieldname,
    fieldtype,
    format: FORMAT[fieldtype],
    datalevel: COVERAGE_FIELDS.has(fieldname) ? DATALEVEL.coverage : DATALEVEL.fabric,
    discrete,
    reportable,
    listorder: i + 1,
    definition,
    categories: discrete ? null : (categories[fieldname] ?? null),
  }));
}

const BY_LAYER: Record<LayerName, FieldDef[]> = {
  locations: toDefs(LOCATION_FIELDS, LOCATION_CATEGORIES),
  parcels: toDefs(PARCEL_FIELDS, {}),
  footprints: toDefs(FOOTPRINT_FIELDS, {}),
};

/** The fields operation: definitions in listorder (fresh copies, callers may serialise freely). */
export function layerFields(layer: LayerName): FieldDef[] {
  return BY_LAYER[layer].map((f) => ({
    ...f,
    categories: f.categories && f.categories.map((c) => ({ ...c })),
  }));
}

export function locationFieldDef(name: string): FieldDef | undefined {
  return BY_LAYER.locations.find((f) => f.fieldname === name);
}

/** The fields of each layer's records, in listorder (data and bulk serve exactly these). */
export const RECORD_FIELDS: Record<LayerName, readonly string[]> = {
  locations: LOCATION_FIELDS.map(([name]) => name),
  parcels: PARCEL_FIELDS.map(([name]) => name),
  footprints: FOOTPRINT_FIELDS.map(([name]) => name),
};
