// The only importer of h3-js: h3 wants (lat, lng), GeoJSON wants [lng, lat]; this file hides it.
import { latLngToCell } from 'h3-js';

export const MOBILE_RESOLUTION = 9;

/** The res-9 cell under a map click. */
export function cellAtPoint(lng: number, lat: number): string {
  return latLngToCell(lat, lng, MOBILE_RESOLUTION);
}
