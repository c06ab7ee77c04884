// What the location panel should say for a service answer, written out here as a planner reads
// it (docs/DOMAIN.md, "Fixed broadband" and "The fabric"): the words for codes, the order of
// the provider rows, the BEAD status. Independent of the app's own code on purpose.
import { grouped, mbps, metres } from './planner-text';
import type { ProviderRow } from './location-driver';

/** The fields of a data/locations record the panel shows, as the API sends them. */
export interface ApiLocation {
  address_primary: string;
  city: string;
  state: string;
  zip: string;
  zip_suffix?: string | null;
  building_type_code: string;
  unit_count: number | string;
  bsl_flag: number | string;
  longitude: number;
  latitude: number;
}

/** The fields of a bdcfixed record the provider table shows, as the API sends them. */
export interface ApiFixedOffer {
  brand_name: string;
  technology_code: number | string;
  max_advertised_download_speed: number | string;
  max_advertised_upload_speed: number | string;
  low_latency: number | string;
  business_residential_code: string;
}

const MATCH_WORDS: Record<string, string> = {
  FootprintParcel: 'Footprint and parcel match',
  Footprint: 'Footprint match',
  Parcel: 'Parcel match',
  Nearest: 'Nearest location',
};

/** "Footprint and parcel match, 4 m". */
export function matchLine(matchtype: string, distancem: number): string {
  return `${MATCH_WORDS[matchtype] ?? matchtype}, ${metres(distancem)}`;
}

/** "Springfield, IL 62701-1234". */
export function placeLine(r: ApiLocation): string {
  return `${r.city}, ${r.state} ${r.zip}${r.zip_suffix ? `-${r.zip_suffix}` : ''}`;
}

const BUILDING = { R: 'Residential', B: 'Business', X: 'Mixed use', C: 'Community anchor' };
const NUMBER_WORDS = 'No One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve'.split(' ');

/** The building type, unit count and BSL line under the address. */
export function factLines(r: ApiLocation): string[] {
  const units = Number(r.unit_count);
  const building = BUILDING[r.building_type_code as keyof typeof BUILDING] ?? 'Other';
  const count = NUMBER_WORDS[units] ?? grouped(units);
  return [
    building,
    `${count} ${units === 1 ? 'unit' : 'units'}`,
    Number(r.bsl_flag) === 1
      ? 'Broadband serviceable location'
      : 'Not a broadband serviceable location',
  ];
}

const TECHNOLOGY: Record<number, string> = {
  0: 'Other',
  10: 'Copper (DSL)',
  40: 'Cable (coax / HFC)',
  50: 'Fiber to the premises',
  60: 'Satellite (geostationary)',
  61: 'Satellite (non-geostationary)',
  70: 'Unlicensed fixed wireless',
  71: 'Licensed fixed wireless',
  72: 'Licensed-by-rule fixed wireless (CBRS)',
};

/** BEAD counts copper, cable, fiber and licensed fixed wireless, with low latency only. */
const COUNTED = new Set([10, 40, 50, 71, 72]);
const counts = (o: ApiFixedOffer) =>
  COUNTED.has(Number(o.technology_code)) && Number(o.low_latency) === 1;
const reaches = (o: ApiFixedOffer, down: number, up: number) =>
  Number(o.max_advertised_download_speed) >= down && Number(o.max_advertised_upload_speed) >= up;

/** Offers sold to homes (R or X), fastest first: down, up, then brand and technology. */
export function residentialOffers<T extends ApiFixedOffer>(records: readonly T[]): T[] {
  return records
    .filter((r) => r.business_residential_code !== 'B')
    .sort(
      (a, b) =>
        Number(b.max_advertised_download_speed) - Number(a.max_advertised_download_speed) ||
        Number(b.max_advertised_upload_speed) - Number(a.max_advertised_upload_speed) ||
        a.brand_name.localeCompare(b.brand_name) ||
        Number(a.technology_code) - Number(b.technology_code),
    );
}

/** A provider row at the default 100/20 Mbps threshold. */
export function providerRow(o: ApiFixedOffer): ProviderRow {
  const note = o.business_residential_code === 'R' ? ' · residential only' : '';
  const fast = reaches(o, 100, 20);
  return {
    provider: o.brand_name,
    technology: `${TECHNOLOGY[Number(o.technology_code)]}${note}`,
    speeds: `${mbps(Number(o.max_advertised_download_speed))} / ${mbps(Number(o.max_advertised_upload_speed))}`,
    lowLatency: Number(o.low_latency) === 1 ? 'Yes' : 'No',
    threshold: !fast
      ? 'Below threshold'
      : counts(o)
        ? 'Meets threshold'
        : 'Meets threshold, but BEAD does not count it',
  };
}

/** The residential BEAD status: served at 100/20, underserved at 25/3, by counted offers. */
export function residentialStatus(records: readonly ApiFixedOffer[]): string {
  const counted = residentialOffers(records).filter(counts);
  if (counted.some((o) => reaches(o, 100, 20))) return 'Served';
  if (counted.some((o) => reaches(o, 25, 3))) return 'Underserved';
  return 'Unserved';
}
