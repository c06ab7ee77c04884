// Per-location values of the summarizable location fields for one vintage, read straight from
// typed columns: discrete fields as small integer codes with labels, continuous as numbers.
// The computed fields (datalevel 20) are read at a coverage vintage and, for served_status,
// under the filters: by default the fabric vintage's own coverage and the BEAD rule over
// residential offers.
import { latLngToCell } from '../../../../contract/h3';
import {
  DEFAULT_FIXED_FILTERS,
  countingRule,
  statusFromBestTier,
  type FixedFilters,
} from '../../../../../shared/fixed-status';
import { SERVED_STATUS, isBeadCount, servedStatusCode } from '../../rules/served-status-codes';
import type { DiscreteColumn } from '../../rules/summary-rows';
import type { FabricIndex } from '../fabric-index';
import { countedTiers, offerRecords, releaseVintageIndex } from './fixed-offers-view';
import { fabricCounties } from '../../fabric-counties';
import { coverageOfProvider } from '../provider-coverage';
import type { FabricCounty } from '../../fabric';
import { startAt } from '../../record-starts';

/** Where the computed fields are read: a coverage vintage (its index) and the filters. */
export interface CoverageAt {
  coverage: number;
  filters: FixedFilters;
}

/**
 * The fabric vintage's own coverage (the coverage vintage of the same YYYYMM, as summarize and
 * the PostGIS import pair them), the BEAD rule over residential offers (the badge's default);
 * null when the fabric holds no coverage of that YYYYMM.
 */
export function coverageOfVintage(ix: FabricIndex, vi: number): CoverageAt | null {
  const v = ix.fabric.vintages[vi]?.vintage;
  const coverage = ix.fabric.fixedCoverage.findIndex((c) => c.vintage === v);
  return coverage < 0 ? null : { coverage, filters: DEFAULT_FIXED_FILTERS };
}

/** Where a column of the computed fields is read when the caller names no coverage. */
function ownCoverage(ix: FabricIndex, vi: number): CoverageAt {
  const at = coverageOfVintage(ix, vi);
  if (!at) throw new Error(`no coverage of fabric vintage ${ix.fabric.vintages[vi]?.vintage}`);
  return at;
}

/** H3 res-8 cells are computed on first use per location and memoised as codes (0 = not yet). */
interface H3Memo {
  codes: Uint32Array;
  labels: string[];
  byLabel: Map<string, number>;
}
const h3Memos = new WeakMap<FabricIndex, H3Memo>();

function h3Res8(ix: FabricIndex): DiscreteColumn {
  let memo = h3Memos.get(ix);
  if (!memo) {
    memo = { codes: new Uint32Array(ix.fabric.locations.count), labels: [''], byLabel: new Map() };
    h3Memos.set(ix, memo);
  }
  const m = memo;
  const { lat, lng } = ix.fabric.locations;
  return {
    code(i) {
      let c = m.codes[i];
      if (c === 0) {
        const cell = latLngToCell(lat[i], lng[i], 8);
        c = m.byLabel.get(cell) ?? 0;
        if (c === 0) {
          c = m.labels.push(cell) - 1;
          m.byLabel.set(cell, c);
        }
        m.codes[i] = c;
      }
      return c;
    },
    label: (c) => m.labels[c],
  };
}

const fromArray = (values: ArrayLike<number>, labels: readonly string[]): DiscreteColumn => ({
  code: (i) => values[i],
  label: (c) => labels[c] ?? String(c),
});

/** A label of each location's county (its GEOID, its state): one code per distinct label. */
function countyLabel(ix: FabricIndex, of: (c: FabricCounty) => string): DiscreteColumn {
  const labels = fabricCounties(ix.fabric).map(of);
  const distinct = [...new Set(labels)];
  const codeOf = labels.map((l) => distinct.indexOf(l));
  const column = ix.fabric.locations.county;
  return {
    code: column ? (i) => codeOf[column[i]] : () => 0,
    label: (c) => distinct[c] ?? String(c),
  };
}

/**
 * served_status at a coverage vintage under the filters, by the rule the report counts with
 * (shared/fixed-status.ts): "notinrelease" for a location outside the release that coverage was
 * reported on, "notbsl" for a non-BSL, else the status of its best counted offer ("no offers"
 * is unserved). The BEAD rule's statuses are columns built once; other filters read each
 * location's few offers.
 */
function servedStatusColumn(ix: FabricIndex, at: CoverageAt): DiscreteColumn {
  const cov = ix.fabric.fixedCoverage[at.coverage]!;
  const release = releaseVintageIndex(ix.fabric, cov.vintage);
  const bit = release < 0 ? 0 : 1 << release;
  const { presence, bslFlag } = ix.fabric.locations;
  const byRule = statusUnderFilters(ix, at);
  return {
    code: (i) =>
      servedStatusCode({ inRelease: (presence[i] & bit) !== 0, bsl: bslFlag[i] === 1 }, byRule(i)),
    label: (c) => SERVED_STATUS[c] ?? String(c),
  };
}

/** Location i's status code from its counted offers alone (statusFromBestTier). */
function statusUnderFilters(ix: FabricIndex, at: CoverageAt): (i: number) => number {
  const { filters } = at;
  if (isBeadCount(filters)) {
    const column = ix.coverage(at.coverage).servedStatus[filters.audience];
    return (i) => column[i];
  }
  const cov = coverageOfProvider(ix.fabric, at.coverage, filters.provider);
  const tiers = countedTiers(offerRecords(cov), filters);
  const rule = countingRule(filters);
  const codeOfTier = [0, 1, 2, 3, 4].map((t) => SERVED_STATUS.indexOf(statusFromBestTier(t, rule)));
  return (i) => {
    let best = 0;
    for (let r = startAt(cov.start, i), end = startAt(cov.start, i + 1); r < end; r++)
      best = Math.max(best, tiers[cov.offer[r]]);
    return codeOfTier[best];
  };
}

export function discreteColumn(
  ix: FabricIndex,
  vi: number,
  name: string,
  at?: CoverageAt,
): DiscreteColumn | null {
  const { locations: loc, codes } = ix.fabric;
  switch (name) {
    case 'state_abbr':
      return countyLabel(ix, (c) => c.state);
    case 'county_geoid':
      return countyLabel(ix, (c) => c.geoid);
    case 'bsl_flag':
      return fromArray(loc.bslFlag, ['0', '1']);
    case 'building_type_code':
      return fromArray(loc.buildingType, codes.buildingType);
    case 'land_use_code':
      return fromArray(loc.landUse, codes.landUse);
    case 'h3_res8_id':
      return h3Res8(ix);
    case 'served_status':
      return servedStatusColumn(ix, at ?? ownCoverage(ix, vi));
    default:
      return null;
  }
}

export function continuousColumn(
  ix: FabricIndex,
  vi: number,
  name: string,
  given?: CoverageAt,
): ArrayLike<number> | null {
  const at = () => given ?? ownCoverage(ix, vi);
  switch (name) {
    case 'unit_count':
      return ix.fabric.locations.unitCount;
    case 'max_down_mbps':
      return ix.coverage(at().coverage).maxDown;
    case 'max_up_mbps':
      return ix.coverage(at().coverage).maxUp;
    case 'provider_count':
      return ix.coverage(at().coverage).providerCount;
    case 'fiber_provider_count':
      return ix.coverage(at().coverage).fiberProviderCount;
    default:
      return null;
  }
}
