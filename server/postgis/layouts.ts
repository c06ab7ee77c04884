// The published file layouts users hold (docs: shared DOMAIN.md), as the demo export writes them
// and the importers read them: exact CSV headers, geometry layer attributes, and the vintage
// markers the public file names carry (BDC `J24`/`D23`, fabric release dates `06302024`).

/** The location fabric CSV, one row per location of one release. */
export const LOCATION_COLUMNS = [
  'location_id',
  'address_primary',
  'city',
  'state',
  'zip',
  'zip_suffix',
  'unit_count',
  'bsl_flag',
  'building_type_code',
  'land_use_code',
  'address_confidence_code',
  'county_geoid',
  'block_geoid',
  'h3_9',
  'latitude',
  'longitude',
] as const;

/** A BDC fixed availability CSV: one state and one technology per public file. */
export const FIXED_COLUMNS = [
  'frn',
  'provider_id',
  'brand_name',
  'location_id',
  'technology',
  'max_advertised_download_speed',
  'max_advertised_upload_speed',
  'low_latency',
  'business_residential_code',
  'state_usps',
  'block_geoid',
  'h3_res8_id',
] as const;

/** A BDC mobile H3 hexagon CSV: one row per res-9 cell, provider, technology, environment, tier. */
export const MOBILE_COLUMNS = [
  'frn',
  'provider_id',
  'brand_name',
  'h3_res9_id',
  'technology',
  'mindown',
  'minup',
  'minsignal',
  'environment',
] as const;

/** Retired locations of a release and the new location that replaces each. */
export const RETIREMENT_COLUMNS = ['location_id', 're_location_id'] as const;

export type CsvKind = 'locations' | 'fixed' | 'mobile' | 'retirements';
export type LayerKind = 'parcels' | 'footprints' | 'roads';

export const CSV_COLUMNS: Record<CsvKind, readonly string[]> = {
  locations: LOCATION_COLUMNS,
  fixed: FIXED_COLUMNS,
  mobile: MOBILE_COLUMNS,
  retirements: RETIREMENT_COLUMNS,
};

/** Attributes of each geometry layer (any format GDAL reads), besides the geometry. */
export const LAYER_ATTRIBUTES: Record<LayerKind, readonly string[]> = {
  parcels: ['parcel_id'],
  footprints: ['footprint_id'],
  roads: ['road_id', 'name', 'road_class'],
};

/** The technology part of the public fixed availability file names. */
export const FIXED_FILE_TECHNOLOGY: Record<number, string> = {
  0: 'Other',
  10: 'Copper',
  40: 'Cable',
  50: 'FibertothePremises',
  60: 'GSOSatellite',
  61: 'NGSOSatellite',
  70: 'UnlicensedFixedWireless',
  71: 'LicensedFixedWireless',
  72: 'LBRFixedWireless',
};

/** `202406` → `J24`, `202312` → `D23`: how BDC file names tag their filing. */
export function bdcMarker(vintage: string): string {
  return `${vintage.endsWith('06') ? 'J' : 'D'}${vintage.slice(2, 4)}`;
}

/** `202406` → `06302024`: the as-of date fabric file names carry. */
export function releaseDate(vintage: string): string {
  return `${vintage.endsWith('06') ? '0630' : '1231'}${vintage.slice(0, 4)}`;
}

/**
 * The vintages a file name claims, from every marker it holds: `J24`, `D23`, `06302024`,
 * `12312023`, `202406`. An empty list when the name says nothing.
 */
export function vintagesInName(name: string): string[] {
  const found = new Set<string>();
  for (const token of name.split(/[^A-Za-z0-9]+/)) {
    let m = /^([JD])(\d{2})$/i.exec(token);
    if (m) found.add(`20${m[2]}${m[1].toUpperCase() === 'J' ? '06' : '12'}`);
    m = /^(0630|1231)(20\d{2})$/.exec(token);
    if (m) found.add(`${m[2]}${m[1] === '0630' ? '06' : '12'}`);
    m = /^(20\d{2})(06|12)$/.exec(token);
    if (m) found.add(token);
  }
  return [...found];
}
