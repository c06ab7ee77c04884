// The area's hexagons from its location list (README, "Location list", the area and its hexagons
// as GeoJSON): while a list runs, each row is counted in its H3 res-8 cell, by its status under
// the filters at each release. The statuses count as the area report counts them (unserved
// includes "no offers reported", which is also counted on its own), so the cells summed give the
// report's status table; comparing, the net changes are after − before, as the net-change
// hexagons say (shared/fixed-change-hex.ts), over the union of the two releases' locations.
import { NET_NAMES, type Side } from '../../../../shared/fixed-change-hex';
import { FIXED_LOCATION_STATUSES, type FixedLocationStatus } from '../../../../shared/fixed-status';
import { cellAtPoint } from '../../../lib/geo/h3';
import type { ListRow } from './location-list-rows';

export const HEX_RESOLUTION = 8;

type Status = FixedLocationStatus;

/** One release's counts in a cell: locations and units by status. */
export interface SideCounts {
  /** Locations of the release's fabric in the cell. */
  locations: number;
  locationsBy: Record<Status, number>;
  unitsBy: Record<Status, number>;
}

export interface HexCell {
  h3: string;
  a: SideCounts;
  /** Comparing: the compared release's counts; else null. */
  b: SideCounts | null;
}

const zeros = () =>
  Object.fromEntries(FIXED_LOCATION_STATUSES.map((s) => [s, 0])) as Record<Status, number>;
const emptySide = (): SideCounts => ({ locations: 0, locationsBy: zeros(), unitsBy: zeros() });

function count(side: SideCounts, status: Status | null, units: number) {
  if (status === null) return; // not in this release's fabric
  side.locations++;
  side.locationsBy[status]++;
  side.unitsBy[status] += units;
  // The report's "Unserved" holds the locations with no offers ("of which no offers reported").
  if (status === 'nooffers') {
    side.locationsBy.unserved++;
    side.unitsBy.unserved += units;
  }
}

/** BSLs of the release in the cell: what BEAD classifies. */
export function bslsOf(side: SideCounts): number {
  const n = side.locationsBy;
  return n.served + n.underserved + n.unserved;
}

/** Share of BSLs unserved or underserved, to 3 decimals (as the fixed broadband hexagons). */
export function shortShare(side: SideCounts): number {
  const bsls = bslsOf(side);
  const short = side.locationsBy.unserved + side.locationsBy.underserved;
  return bsls === 0 ? 0 : Math.round((short / bsls) * 1000) / 1000;
}

/** Net change after − before in each of NET_NAMES (net_served, …). */
export function netChanges(cell: HexCell, earlier: Side): Record<string, number> {
  if (!cell.b) return {};
  const [before, after] = earlier === 'a' ? [cell.a, cell.b] : [cell.b, cell.a];
  const value = (s: SideCounts, name: (typeof NET_NAMES)[number]) =>
    name === 'locations' ? s.locations : name === 'bsls' ? bslsOf(s) : s.locationsBy[name];
  return Object.fromEntries(
    NET_NAMES.map((name) => [`net_${name}`, value(after, name) - value(before, name)]),
  );
}

export class HexTally {
  readonly #cells = new Map<string, HexCell>();
  /** Rows counted, and those without coordinates (in no cell). */
  listed = 0;
  unplaced = 0;

  constructor(readonly comparing: boolean) {}

  add(row: Pick<ListRow, 'status' | 'units' | 'point'>): void {
    this.listed++;
    if (!row.point) {
      this.unplaced++;
      return;
    }
    const h3 = cellAtPoint(row.point.lng, row.point.lat, HEX_RESOLUTION);
    let cell = this.#cells.get(h3);
    if (!cell) {
      cell = { h3, a: emptySide(), b: this.comparing ? emptySide() : null };
      this.#cells.set(h3, cell);
    }
    count(cell.a, row.status.a, row.units.a);
    if (cell.b) count(cell.b, row.status.b, row.units.b);
  }

  /** The cells, by id so a file is the same for the same list. */
  cells(): HexCell[] {
    return [...this.#cells.values()].sort((x, y) => (x.h3 < y.h3 ? -1 : x.h3 > y.h3 ? 1 : 0));
  }
}
