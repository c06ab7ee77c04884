// Mobile coverage classes: a res-9 cell is coloured by the best service any record in it offers
// under the user's filters, on the FCC's fixed speed tiers (docs/DOMAIN.md, "Mobile broadband").
import { normaliseMobileTechnology } from '../../../shared/technology';

/**
 * The fields of a mobile coverage record (docs/SERVICE.md, "Coverage operations") that
 * classification reads.
 */
export interface MobileServiceRecord {
  providerid: number;
  brandname: string;
  technology: number;
  mindown: number;
  minup: number;
  minsignal: number;
  environment: number;
}

/** Best first: the order of the legend and of "best service". */
export const MOBILE_CLASSES = ['5g-35', '5g-7', '4g', '3g', 'none'] as const;
export type MobileClass = (typeof MOBILE_CLASSES)[number];
export type MobileTier = Exclude<MobileClass, 'none'>;

export type MobileTechnologyFilter = 'all' | '3G' | '4G' | '5G';
export interface MobileCoverageFilter {
  carrier: number | 'all';
  technology: MobileTechnologyFilter;
  environment: 'all' | 0 | 1;
}

export const NO_MOBILE_FILTER: MobileCoverageFilter = {
  carrier: 'all',
  technology: 'all',
  environment: 'all',
};

/** 3, 4, 5 from either the service's codes (3/4/5) or the public files' (300/400/500). */
export const technologyGeneration = normaliseMobileTechnology;

/** The speed tier a record advertises; null for a technology the app does not know. */
export function recordTier(record: MobileServiceRecord): MobileTier | null {
  switch (technologyGeneration(record.technology)) {
    case 5:
      return record.mindown >= 35 && record.minup >= 3 ? '5g-35' : '5g-7';
    case 4:
      return '4g';
    case 3:
      return '3g';
    default:
      return null;
  }
}

const FILTER_GENERATION: Record<Exclude<MobileTechnologyFilter, 'all'>, 3 | 4 | 5> = {
  '3G': 3,
  '4G': 4,
  '5G': 5,
};

/** Whether a record counts under the filters. */
export function matchesFilter(record: MobileServiceRecord, filter: MobileCoverageFilter): boolean {
  if (filter.carrier !== 'all' && record.providerid !== filter.carrier) return false;
  if (filter.environment !== 'all' && record.environment !== filter.environment) return false;
  if (filter.technology !== 'all') {
    return technologyGeneration(record.technology) === FILTER_GENERATION[filter.technology];
  }
  return true;
}

/** The colour class of one cell: its best tier among the records the filters keep. */
export function classifyCell(
  records: readonly MobileServiceRecord[],
  filter: MobileCoverageFilter,
): MobileClass {
  let best = MOBILE_CLASSES.indexOf('none');
  for (const record of records) {
    if (!matchesFilter(record, filter)) continue;
    const tier = recordTier(record);
    if (tier === null) continue;
    best = Math.min(best, MOBILE_CLASSES.indexOf(tier));
  }
  return MOBILE_CLASSES[best];
}

/** An empty count per class, for legends. */
export function emptyClassCounts(): Record<MobileClass, number> {
  return { '5g-35': 0, '5g-7': 0, '4g': 0, '3g': 0, none: 0 };
}
