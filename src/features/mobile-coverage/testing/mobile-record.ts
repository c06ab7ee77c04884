// A mobile service record for unit tests: a 4G outdoor offer by "Alpha", changed as asked.
import type { MobileServiceRecord } from '../mobile-classify';

export function mobileRecord(over: Partial<MobileServiceRecord> = {}): MobileServiceRecord {
  return {
    providerid: 1,
    brandname: 'Alpha',
    technology: 4,
    mindown: 5,
    minup: 1,
    minsignal: -100,
    environment: 0,
    ...over,
  };
}
