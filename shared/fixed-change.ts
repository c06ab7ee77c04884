// What changed at a location between two releases (README, "Compare releases"): the class of a
// location from its status under the planner's filters at the earlier release ("before") and
// at the later one ("after"), plus the fabric's retirement facts. Statuses are those of
// locationFixedStatus (shared/fixed-status.ts), so the map, the panel and the area table share
// one rule; the web evaluates the same classes as a MapLibre expression over a compare tile.
import {
  countingRule,
  FIXED_LOCATION_STATUSES,
  locationFixedStatus,
  tierIndex,
  type FixedFilters,
  type FixedLocationFacts,
  type FixedLocationStatus,
} from './fixed-status';

export type ChangeClass =
  | 'newly_served'
  | 'newly_underserved'
  | 'lost_service'
  | 'improved'
  | 'worsened'
  | 'reclassified'
  | 'new'
  | 'retired_equivalent'
  | 'retired'
  | 'unchanged';

/** In the order the legend lists them; `unchanged` last. */
export const CHANGE_CLASSES: readonly { value: ChangeClass; label: string }[] = [
  { value: 'newly_served', label: 'Newly served' },
  { value: 'newly_underserved', label: 'Newly underserved (was unserved)' },
  { value: 'lost_service', label: 'Lost service' },
  { value: 'improved', label: 'Faster, same status' },
  { value: 'worsened', label: 'Slower, same status' },
  { value: 'reclassified', label: 'Became or stopped being a counted BSL' },
  { value: 'new', label: 'New in the fabric' },
  { value: 'retired_equivalent', label: 'Retired, with an equivalent' },
  { value: 'retired', label: 'Retired, no equivalent' },
  { value: 'unchanged', label: 'Unchanged' },
];

/**
 * Changes that leave a location's BEAD status as it was (a faster or slower offer within the
 * same status, a location renumbered with an equivalent): at street zoom they outnumber the
 * changes a planner looks for, so the map draws them only when asked.
 */
export const QUIET_CHANGE_CLASSES: readonly ChangeClass[] = [
  'improved',
  'worsened',
  'retired_equivalent',
];

/** A location's status at one release of a comparison, or `absent` from that fabric release. */
export type ChangeSideStatus = FixedLocationStatus | 'absent';

/** In the order the area's change table lists them (BEAD statuses first, `absent` last). */
export const CHANGE_SIDE_STATUSES: readonly ChangeSideStatus[] = [
  ...FIXED_LOCATION_STATUSES,
  'absent',
];

/** A location's side of the comparison: its status, and the best tier the filters count. */
export interface ChangeSide {
  status: FixedLocationStatus;
  /** 0..4; only read when both sides have the same BEAD status. */
  best: number;
}

/** BEAD rank: unserved (with or without offers) < underserved < served; none otherwise. */
export function beadRank(status: FixedLocationStatus): number | null {
  switch (status) {
    case 'served':
      return 3;
    case 'underserved':
      return 2;
    case 'unserved':
    case 'nooffers':
      return 1;
    default:
      return null;
  }
}

/**
 * The class of a location. `before` / `after` are null when the location is not in that
 * release's fabric; `equivalent` says whether a location retired by `after` has a retirement
 * equivalent present there (history's re_location_id).
 */
export function changeClass(
  before: ChangeSide | null,
  after: ChangeSide | null,
  equivalent = false,
): ChangeClass {
  if (before === null && after === null) return 'unchanged';
  if (before === null) return 'new';
  if (after === null) return equivalent ? 'retired_equivalent' : 'retired';
  const from = beadRank(before.status);
  const to = beadRank(after.status);
  if (from === null || to === null) {
    return before.status === after.status ? 'unchanged' : 'reclassified';
  }
  if (to > from) return to === 3 ? 'newly_served' : 'newly_underserved';
  if (to < from) return 'lost_service';
  if (after.best > before.best) return 'improved';
  if (after.best < before.best) return 'worsened';
  return 'unchanged';
}

/** The best tier the filters count in a tier string (what statusFromTiers compares). */
export function bestCountedTier(tiers: string, filters: FixedFilters): number {
  const rule = countingRule(filters);
  let best = 0;
  for (const code of rule.codes) {
    const digit = tiers.charCodeAt(tierIndex(code, rule.lowLatency)) - 48;
    if (digit > best) best = digit;
  }
  return best;
}

/** One side from the facts a fixed tile carries. */
export function changeSide(facts: FixedLocationFacts, filters: FixedFilters): ChangeSide {
  return {
    status: locationFixedStatus(facts, filters),
    best: facts.offers > 0 ? bestCountedTier(facts.tiers, filters) : 0,
  };
}
