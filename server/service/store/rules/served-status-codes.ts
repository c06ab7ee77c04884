// How both stores write served_status as a small code (the memory store's columns, the PostGIS
// import's location_coverage), so a code read from either means the same status.
import {
  uncountedStatus,
  type FixedFilters,
  type TableStatus,
} from '../../../../shared/fixed-status';

/**
 * The values of served_status: the status under the filters, a location outside the release
 * the coverage was reported on (only when the coverage vintage is not the fabric vintage
 * asked), and a non-BSL, neither of which is given a BEAD status (shared/fixed-status.ts,
 * uncountedStatus). The memory store's columns hold the first three only.
 */
export const SERVED_STATUS = [
  'unserved',
  'underserved',
  'served',
  'notinrelease',
  'notbsl',
] as const satisfies readonly TableStatus[];
export const NOT_IN_RELEASE = 3;

/**
 * A location's served_status code: uncountedStatus first (not in the release, not a BSL), then
 * its status code under the filters, as the report counts (shared/fixed-status.ts).
 */
export function servedStatusCode(place: { inRelease: boolean; bsl: boolean }, byRule: number) {
  const uncounted = uncountedStatus(place);
  return uncounted ? SERVED_STATUS.indexOf(uncounted) : byRule;
}

/** Whether the filters count as the columns below were built: the BEAD rule, any technology, every provider. */
export const isBeadCount = (filters: FixedFilters) =>
  filters.speed === 'bead' && filters.tech === 'any' && filters.provider == null;
