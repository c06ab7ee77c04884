// The area report's change block (README, "Area report") once the locations
// of either release inside the area are known: each location's side at A and at B (its status
// and best counted tier, as changeSide of shared/fixed-change.ts gives them from a fixed tile's
// facts) and its change class (changeClass, the compare view's one rule), counted in locations
// and units. A pure tally: the memory store feeds it from its columns, the database store from
// the rows it fetched, so both count alike.
import {
  CHANGE_CLASSES,
  CHANGE_SIDE_STATUSES,
  changeClass,
  type ChangeClass,
  type ChangeSide,
  type ChangeSideStatus,
} from '../../../../shared/fixed-change';
import {
  countedTier,
  countingRule,
  statusFromBestTier,
  uncountedStatus,
  type FixedFilters,
} from '../../../../shared/fixed-status';
import { earlierSide } from '../../../../shared/fixed-change-hex';
import type { FixedOffer } from '../../../../shared/served-status';
import type { ReportChange } from '../../../contract/schemas/report';

/** A location's facts at one release, with the rows (into that side's offer table) of its records. */
export interface ChangeSideFacts {
  /** In the fabric release the side's coverage vintage was reported on. */
  inRelease: boolean;
  bsl: boolean;
  offerRows: ArrayLike<number>;
}

export interface ChangeLocation {
  units: number;
  /** Null: not in that side's fabric release. */
  a: ChangeSideFacts | null;
  b: ChangeSideFacts | null;
  /** Retired by the later fabric with an equivalent present there (history's re_location_id). */
  equivalent: boolean;
}

export type ChangeBody = Pick<ReportChange, 'locationcount' | 'table' | 'classes'>;

export interface ChangeTally {
  add(location: ChangeLocation): void;
  body(): ChangeBody;
}

type Count = { locations: number; units: number };

/**
 * `offersA` / `offersB`: each side's table of offers, as the rows index them. `earlier`: which
 * side is "before" (earlierSide of shared/fixed-change-hex.ts).
 */
export function createChangeTally(
  offersA: readonly FixedOffer[],
  offersB: readonly FixedOffer[],
  filters: FixedFilters,
  earlier: 'a' | 'b',
): ChangeTally {
  const rule = countingRule(filters);
  const tierA = offersA.map((o) => countedTier(o, rule, filters.audience));
  const tierB = offersB.map((o) => countedTier(o, rule, filters.audience));
  // locationFixedStatus's order, with the best tier read from the records the tier strings encode.
  const sideOf = (facts: ChangeSideFacts | null, tiers: readonly number[]): ChangeSide | null => {
    if (!facts) return null;
    let best = 0;
    for (let k = 0; k < facts.offerRows.length; k++)
      best = Math.max(best, tiers[facts.offerRows[k]]);
    const uncounted = uncountedStatus(facts);
    if (uncounted) return { status: uncounted, best };
    if (facts.offerRows.length === 0) return { status: 'nooffers', best: 0 };
    return { status: statusFromBestTier(best, rule), best };
  };
  const n = CHANGE_SIDE_STATUSES.length;
  const statusIndex = new Map(CHANGE_SIDE_STATUSES.map((s, k) => [s, k]));
  const cells: Count[] = Array.from({ length: n * n }, () => ({ locations: 0, units: 0 }));
  const classes = new Map<ChangeClass, Count>(
    CHANGE_CLASSES.map((c) => [c.value, { locations: 0, units: 0 }]),
  );
  let locationcount = 0;
  const indexOf = (side: ChangeSide | null) =>
    statusIndex.get(side ? side.status : ('absent' satisfies ChangeSideStatus))!;

  return {
    add({ units, a, b, equivalent }) {
      const sa = sideOf(a, tierA);
      const sb = sideOf(b, tierB);
      const [before, after] = earlier === 'a' ? [sa, sb] : [sb, sa];
      const cls = classes.get(changeClass(before, after, equivalent))!;
      cls.locations++;
      cls.units += units;
      const cell = cells[indexOf(sa) * n + indexOf(sb)];
      cell.locations++;
      cell.units += units;
      locationcount++;
    },

    body() {
      const table = cells.flatMap((c, k) =>
        c.locations === 0
          ? []
          : [{ a: CHANGE_SIDE_STATUSES[Math.floor(k / n)], b: CHANGE_SIDE_STATUSES[k % n], ...c }],
      );
      return {
        locationcount,
        table,
        classes: [...classes].map(([cls, c]) => ({ class: cls, ...c })),
      };
    },
  };
}

/** The change block counting nothing (a vintage the store does not hold has no locations). */
export function emptyChange(
  a: { fabric: string; coverage: string },
  b: { fabric: string; coverage: string },
  filters: FixedFilters,
): ReportChange {
  const earlier = earlierSide(a, b);
  return {
    fabric: b.fabric,
    coverage: b.coverage,
    release: null,
    earlier,
    ...createChangeTally([], [], filters, earlier).body(),
  };
}
