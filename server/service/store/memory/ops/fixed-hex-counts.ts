// Per H3 cell, the fixed broadband counts a hexagon shows (docs/architecture.md, "The fixed broadband path") under one set of filters:
// every location of the fabric vintage, the BSLs of the coverage vintage's release split by
// the status rule of shared/fixed-status.ts, and the locations outside that release. One pass
// over the locations; a location's best counted tier is the max over its records of a
// per-offer table, the same arithmetic as statusFromOffers.
import {
  countingRule,
  statusFromBestTier,
  type FixedFilters,
} from '../../../../../shared/fixed-status';
import type { FixedOffer } from '../../../../../shared/served-status';
import type { FabricIndex } from '../fabric-index';
import type { CoarseHexCells, HexCells } from './fixed-hex-cells';
import { countedTiers } from './fixed-offers-view';
import type { FixedVintages } from './fixed-location-features';
import { coverageOfProvider } from '../provider-coverage';
import { startAt } from '../../record-starts';

export interface HexCounts {
  locations: Uint32Array;
  bsls: Uint32Array;
  served: Uint32Array;
  underserved: Uint32Array;
  unserved: Uint32Array;
  notinrelease: Uint32Array;
}

function emptyCounts(n: number): HexCounts {
  return {
    locations: new Uint32Array(n),
    bsls: new Uint32Array(n),
    served: new Uint32Array(n),
    underserved: new Uint32Array(n),
    unserved: new Uint32Array(n),
    notinrelease: new Uint32Array(n),
  };
}

/** A coarse resolution's counts: the sums of its base cells' (one pass over the cells). */
export function sumToParents(cells: CoarseHexCells, base: HexCounts): HexCounts {
  const sums = emptyCounts(cells.ids.length);
  const { parentOf } = cells;
  for (const key of Object.keys(sums) as (keyof HexCounts)[]) {
    const from = base[key];
    const to = sums[key];
    for (let k = 0; k < parentOf.length; k++) to[parentOf[k]] += from[k];
  }
  return sums;
}

export function countHexCells(
  ix: FabricIndex,
  cells: HexCells,
  vintages: FixedVintages,
  offers: readonly FixedOffer[],
  filters: FixedFilters,
): HexCounts {
  const counts = emptyCounts(cells.ids.length);
  const { count, presence, bslFlag } = ix.fabric.locations;
  const cov = coverageOfProvider(ix.fabric, vintages.coverage, filters.provider);
  const tierOf = countedTiers(offers, filters);
  const rule = countingRule(filters);
  // The counts of each best tier 0..4's status, looked up instead of decided per location.
  const byStatus = {
    served: counts.served,
    underserved: counts.underserved,
    unserved: counts.unserved,
  };
  const statusOfTier = [0, 1, 2, 3, 4].map((t) => byStatus[statusFromBestTier(t, rule)]);
  const fabricBit = 1 << vintages.fabric;
  const releaseBit = vintages.release < 0 ? 0 : 1 << vintages.release;
  const { cellOf } = cells;
  // In location order, so the columns are read in sequence; only the few counts jump about.
  for (let i = 0; i < count; i++) {
    const bits = presence[i];
    if (!(bits & fabricBit)) continue;
    const c = cellOf[i];
    counts.locations[c]++;
    if (!(bits & releaseBit)) {
      counts.notinrelease[c]++;
      continue;
    }
    if (bslFlag[i] !== 1) continue;
    counts.bsls[c]++;
    let best = 0;
    for (let r = startAt(cov.start, i), end = startAt(cov.start, i + 1); r < end; r++) {
      const t = tierOf[cov.offer[r]];
      if (t > best) best = t;
    }
    statusOfTier[best][c]++;
  }
  return counts;
}
