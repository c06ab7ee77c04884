// H3 for the browser tests, straight from h3-js: which res-9 cells a view shows (every cell
// the view's rectangle touches, so cells cut by the edge count, as the legend counts them),
// and where a cell's centre is, to click it.
import {
  POLYGON_TO_CELLS_FLAGS,
  cellToChildren,
  cellToLatLng,
  cellToParent,
  polygonToCellsExperimental,
} from 'h3-js';

/** Mobile coverage comes per H3 resolution-9 cell (docs/SERVICE.md, "Coverage operations"). */
const RES = 9;

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The res-9 cells overlapping a view. */
export function cellsInView(b: Bounds): string[] {
  const ring = [
    [b.west, b.south],
    [b.east, b.south],
    [b.east, b.north],
    [b.west, b.north],
    [b.west, b.south],
  ];
  return polygonToCellsExperimental(
    [ring],
    RES,
    POLYGON_TO_CELLS_FLAGS.containmentOverlapping,
    true,
  );
}

export function cellCentre(cell: string): { lng: number; lat: number } {
  const [lat, lng] = cellToLatLng(cell);
  return { lng, lat };
}

/** Whether a set of res-9 cells is made of whole res-7 blocks (every child of each parent). */
export function isWholeBlocks(cells: ReadonlySet<string>): boolean {
  const parents = new Set([...cells].map((c) => cellToParent(c, 7)));
  return [...parents].every((p) => cellToChildren(p, RES).every((c) => cells.has(c)));
}
