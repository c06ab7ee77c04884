// The only importer of h3-js: h3 wants (lat, lng), GeoJSON wants [lng, lat]; this file hides it.
import {
  POLYGON_TO_CELLS_FLAGS,
  cellToBoundary,
  cellToChildren,
  cellToLatLng,
  cellToParent,
  getResolution,
  isValidCell,
  latLngToCell,
  polygonToCellsExperimental,
} from 'h3-js';
import type { Polygon } from 'geojson';

export const MOBILE_RESOLUTION = 9;

/** A viewport in degrees, as MapLibre's LngLatBounds reports it. */
export interface LngLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The res-9 cell under a map click (or the cell of another resolution at a point). */
export function cellAtPoint(lng: number, lat: number, res: number = MOBILE_RESOLUTION): string {
  return latLngToCell(lat, lng, res);
}

/** Whether a `?hex=` value or a typed id names a res-9 cell the mobile operation accepts. */
export function isMobileCell(id: string): boolean {
  return isValidCell(id) && getResolution(id) === MOBILE_RESOLUTION;
}

/**
 * Every res-9 cell that overlaps the visible map, so cells cut by the screen edge are drawn
 * too. Longitudes are clamped so a world-wrapped view never asks h3 for a ring around the globe.
 */
export function cellsInBounds(box: LngLatBox, res: number = MOBILE_RESOLUTION): string[] {
  const west = Math.max(-180, box.west);
  const east = Math.min(180, box.east);
  const south = Math.max(-85, box.south);
  const north = Math.min(85, box.north);
  if (!(east > west && north > south)) return [];
  const ring = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
  return polygonToCellsExperimental(
    [ring],
    res,
    POLYGON_TO_CELLS_FLAGS.containmentOverlapping,
    true,
  );
}

/** A cell's outline as a closed GeoJSON ring of [lng, lat], for drawing. */
export function cellPolygon(cell: string): Polygon {
  return { type: 'Polygon', coordinates: [cellToBoundary(cell, true)] };
}

/** A cell's centre, in the app's (lng, lat) naming. */
export function cellCentre(cell: string): { lng: number; lat: number } {
  const [lat, lng] = cellToLatLng(cell);
  return { lng, lat };
}

/** The coarser cell that holds this one (used to form stable fetch blocks). */
export function cellParent(cell: string, res: number): string {
  return cellToParent(cell, res);
}

/** All cells of a finer resolution inside a coarser one. */
export function cellChildren(cell: string, res: number): string[] {
  return cellToChildren(cell, res);
}
