// Words for mobile coverage values, as planners read them in the legend and hexagon panel.
import {
  recordTier,
  technologyGeneration,
  type MobileClass,
  type MobileServiceRecord,
} from './mobile-classify';
import { mobileTechnologyName } from '../../../shared/technology';

export const MOBILE_CLASS_LABEL: Record<MobileClass, string> = {
  '5g-35': '5G-NR 35/3 Mbps',
  '5g-7': '5G-NR 7/1 Mbps',
  '4g': '4G LTE 5/1 Mbps',
  '3g': '3G 0.2/0.05 Mbps',
  none: 'No coverage',
};

export function technologyName(technology: number): string {
  const generation = technologyGeneration(technology);
  return generation === null ? `Technology ${technology}` : mobileTechnologyName(generation);
}

export function environmentName(environment: number): string {
  if (environment === 0) return 'Outdoor stationary';
  if (environment === 1) return 'In-vehicle';
  return `Environment ${environment}`;
}

/** "5G-NR 35/3 Mbps"; an unknown technology falls back to the record's own speeds. */
export function speedTierWords(record: MobileServiceRecord): string {
  const tier = recordTier(record);
  return tier === null ? `${record.mindown}/${record.minup} Mbps` : MOBILE_CLASS_LABEL[tier];
}

/**
 * Advertised minimum speeds of each tier, download/upload in Mbps (docs/DOMAIN.md, "Mobile
 * broadband").
 */
const TIER_SPEEDS: Record<Exclude<MobileClass, 'none'>, string> = {
  '5g-35': '35/3',
  '5g-7': '7/1',
  '4g': '5/1',
  '3g': '0.2/0.05',
};

/** "35/3 Mbps", for a table whose technology column already names the technology. */
export function tierSpeedWords(record: MobileServiceRecord): string {
  const tier = recordTier(record);
  return `${tier === null ? `${record.mindown}/${record.minup}` : TIER_SPEEDS[tier]} Mbps`;
}

export interface Carrier {
  providerid: number;
  brandname: string;
}

/** The distinct carriers in some records, by name, for the carrier filter. */
export function carriersOf(records: Iterable<MobileServiceRecord>): Carrier[] {
  const byId = new Map<number, string>();
  for (const record of records) {
    if (!byId.has(record.providerid)) byId.set(record.providerid, record.brandname);
  }
  return [...byId]
    .map(([providerid, brandname]) => ({ providerid, brandname }))
    .sort((a, b) => a.brandname.localeCompare(b.brandname) || a.providerid - b.providerid);
}
