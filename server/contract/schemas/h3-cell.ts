// The `h3` a locate client sends with a point: the cell it grouped the point by (the official
// client groups by resolution 4 before chunking its POSTs). The service checks the cell is
// real and really holds the point, so a client whose grouping went wrong (swapped latitude
// and longitude, a stale cell column) hears about it instead of getting answers it will file
// under the wrong group.
import { getResolution, isValidCell, latLngToCell } from '../h3';

/**
 * Why `cell` is not the H3 cell holding (lat, lng), or null when it is. Coordinates out of
 * range are the coordinates' fault, not the cell's (their own checks refuse them): null too.
 */
export function h3CellProblem(cell: string, lat: number, lng: number): string | null {
  const id = cell.toLowerCase();
  if (!isValidCell(id)) return 'must be a valid H3 cell id';
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) return null;
  const res = getResolution(id);
  const holding = latLngToCell(lat, lng, res);
  return holding === id
    ? null
    : `must be the resolution-${res} cell that holds the point (${holding}), not ${id}`;
}
