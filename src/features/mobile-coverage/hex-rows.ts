// The hexagon panel's table rows: words instead of codes, best service first.
import type { MobileServiceRecord } from './mobile-classify';
import { environmentName, tierSpeedWords, technologyName } from './mobile-labels';
import { MOBILE_CLASSES, recordTier } from './mobile-classify';

export interface HexRow {
  key: string;
  carrier: string;
  technology: string;
  speedTier: string;
  environment: string;
  minSignalDbm: number;
}

function tierRank(record: MobileServiceRecord): number {
  const tier = recordTier(record);
  return tier === null ? MOBILE_CLASSES.length : MOBILE_CLASSES.indexOf(tier);
}

export function hexRows(records: readonly MobileServiceRecord[]): HexRow[] {
  return [...records]
    .sort(
      (a, b) =>
        a.brandname.localeCompare(b.brandname) ||
        a.providerid - b.providerid ||
        tierRank(a) - tierRank(b) ||
        a.environment - b.environment,
    )
    .map((r, i) => ({
      key: `${r.providerid}:${r.technology}:${r.mindown}:${r.environment}:${i}`,
      carrier: r.brandname,
      technology: technologyName(r.technology),
      speedTier: tierSpeedWords(r),
      environment: environmentName(r.environment),
      minSignalDbm: r.minsignal,
    }));
}
