// The fixed broadband rule as the browser tests apply it to the service's bdcfixed records,
// written here from docs/DOMAIN.md and the filter definitions rather than imported
// from the app or shared/, so a mistake in the shared rule cannot agree with itself.
import type { ApiFixedOffer } from './location-expect';

export interface Filters {
  audience: 'residential' | 'business';
  speed: 'bead' | '25/3' | '100/20' | '250/25' | '1000/100';
  tech: 'any' | 'wired' | 'licensed' | 'fiber' | 'cable' | 'copper' | 'fixedwireless' | 'satellite';
  lowLatency: boolean;
}

export const BEAD_DEFAULTS: Filters = {
  audience: 'residential',
  speed: 'bead',
  tech: 'any',
  lowLatency: false,
};

const TECHNOLOGIES: Record<Filters['tech'], number[]> = {
  any: [0, 10, 40, 50, 60, 61, 70, 71, 72],
  wired: [10, 40, 50],
  licensed: [10, 40, 50, 71, 72],
  fiber: [50],
  cable: [40],
  copper: [10],
  fixedwireless: [70, 71, 72],
  satellite: [60, 61],
};
const RELIABLE = [10, 40, 50, 71, 72];

/** What the map draws and counts; the badge reads 'nooffers' as Unserved. */
export type DrawnStatus = 'served' | 'underserved' | 'unserved' | 'nooffers';

export function expectedStatus(records: readonly ApiFixedOffer[], f: Filters): DrawnStatus {
  if (records.length === 0) return 'nooffers';
  const bead = f.speed === 'bead';
  const codes = TECHNOLOGIES[f.tech].filter((c) => !bead || RELIABLE.includes(c));
  const lowLatency = bead || f.lowLatency;
  const sold = f.audience === 'residential' ? 'R' : 'B';
  // The service may send numbers as text (docs/REAL-API.md): compare as numbers.
  const counted = records.filter(
    (r) =>
      codes.includes(Number(r.technology_code)) &&
      (!lowLatency || Number(r.low_latency) === 1) &&
      (r.business_residential_code === 'X' || r.business_residential_code === sold),
  );
  const [down, up] = bead ? [100, 20] : f.speed.split('/').map(Number);
  const reaches = (d: number, u: number) =>
    counted.some(
      (r) =>
        Number(r.max_advertised_download_speed) >= d && Number(r.max_advertised_upload_speed) >= u,
    );
  if (reaches(down!, up!)) return 'served';
  if (reaches(25, 3)) return 'underserved';
  return 'unserved';
}

/** The badge's words for a drawn status. */
export const BADGE_TEXT: Record<DrawnStatus, string> = {
  served: 'Served',
  underserved: 'Underserved',
  unserved: 'Unserved',
  nooffers: 'Unserved',
};

/** The URL parameters of the filters (short keys, as a shared link carries them). */
export function filterParams(f: Filters): string {
  const speed = encodeURIComponent(f.speed);
  return `aud=${f.audience}&spd=${speed}&tech=${f.tech}&ll=${f.lowLatency ? 1 : 0}`;
}
