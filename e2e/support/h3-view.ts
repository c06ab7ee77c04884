// H3 for the browser tests, straight from h3-js: which res-9 cells a view shows (every cell
// the view's rectangle touches, so cells cut by the edge count, as the legend counts them),
// and where a cell's centre is, to click it (away from the location dots drawn over it).
import {
  POLYGON_TO_CELLS_FLAGS,
  cellToChildren,
  cellToLatLng,
  cellToParent,
  latLngToCell,
  polygonToCellsExperimental,
} from 'h3-js';
import type { MapDriver } from './map-driver';
import { LOCATION_DOT_LAYERS } from './map-layers';

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

/**
 * Clicks a cell where no location dot is drawn: a click on a dot locates that location (a
 * planner pointing at it), over a hexagon too.
 */
export async function clickCell(map: MapDriver, cell: string): Promise<void> {
  const centre = cellCentre(cell);
  const spots = await map.spotsClearOf(centre.lng, centre.lat, LOCATION_DOT_LAYERS);
  const spot = spots.find((p) => latLngToCell(p.lat, p.lng, RES) === cell);
  if (!spot) throw new Error(`no spot in cell ${cell} is clear of location dots`);
  await map.clickAt(spot.lng, spot.lat);
}

/** Whether a set of res-9 cells is made of whole res-7 blocks (every child of each parent). */
export function isWholeBlocks(cells: ReadonlySet<string>): boolean {
  const parents = new Set([...cells].map((c) => cellToParent(c, 7)));
  return [...parents].every((p) => cellToChildren(p, RES).every((c) => cells.has(c)));
}
