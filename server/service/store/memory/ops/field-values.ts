// Per-location values of the summarizable location fields for one vintage, read straight from
// typed columns: discrete fields as small integer codes with labels, continuous as numbers.
// The computed fields (datalevel 20) are read at a coverage vintage and, for served_status,
// for an audience: by default the fabric vintage's own coverage and residential offers.
import { latLngToCell } from 'h3-js';
import type { Audience } from '../../../../../shared/served-status';
import { NOT_IN_RELEASE, SERVED_STATUS } from '../../rules/served-status-codes';
import type { DiscreteColumn } from '../../rules/summary-rows';
import type { FabricIndex } from '../fabric-index';
import { releaseVintageIndex } from './fixed-offers-view';

/** Where the computed fields are read: a coverage vintage (its index) and an audience. */
export interface CoverageAt {
  coverage: number;
  audience: Audience;
}

/** The fabric vintage's own coverage, residential offers (the location badge's default). */
export const coverageOfVintage = (vi: number): CoverageAt => ({
  coverage: vi,
  audience: 'residential',
});

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
const constant = (value: string): DiscreteColumn => ({ code: () => 0, label: () => value });

/**
 * served_status at a coverage vintage: the BEAD status of each location in the release that
 * coverage was reported on, "notinrelease" for the others (a location the release did not hold
 * gets no BEAD status, however few offers it has).
 */
function servedStatusColumn(ix: FabricIndex, at: CoverageAt): DiscreteColumn {
  const status = ix.coverage(at.coverage).servedStatus[at.audience];
  const release = releaseVintageIndex(ix.fabric, ix.fabric.fixedCoverage[at.coverage]!.vintage);
  const bit = release < 0 ? 0 : 1 << release;
  const { presence } = ix.fabric.locations;
  return {
    code: (i) => (presence[i] & bit ? status[i] : NOT_IN_RELEASE),
    label: (c) => SERVED_STATUS[c] ?? String(c),
  };
}

export function discreteColumn(
  ix: FabricIndex,
  vi: number,
  name: string,
  at: CoverageAt = coverageOfVintage(vi),
): DiscreteColumn | null {
  const { locations: loc, codes, county } = ix.fabric;
  switch (name) {
    case 'state_abbr':
      return constant(county.state);
    case 'county_geoid':
      return constant(county.geoid);
    case 'bsl_flag':
      return fromArray(loc.bslFlag, ['0', '1']);
    case 'building_type_code':
      return fromArray(loc.buildingType, codes.buildingType);
    case 'land_use_code':
      return fromArray(loc.landUse, codes.landUse);
    case 'h3_res8_id':
      return h3Res8(ix);
    case 'served_status':
      return servedStatusColumn(ix, at);
    default:
      return null;
  }
}

export function continuousColumn(
  ix: FabricIndex,
  vi: number,
  name: string,
  at: CoverageAt = coverageOfVintage(vi),
): ArrayLike<number> | null {
  switch (name) {
    case 'unit_count':
      return ix.fabric.locations.unitCount;
    case 'max_down_mbps':
      return ix.coverage(at.coverage).maxDown;
    case 'max_up_mbps':
      return ix.coverage(at.coverage).maxUp;
    case 'provider_count':
      return ix.coverage(at.coverage).providerCount;
    case 'fiber_provider_count':
      return ix.coverage(at.coverage).fiberProviderCount;
    default:
      return null;
  }
}
