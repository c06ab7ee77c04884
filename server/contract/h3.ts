// The H3 functions the service uses, with h3-js loaded on the first call instead of with the
// module graph: its asm.js build costs about 6 MB of RSS in each thread that loads it, and a
// worker thread that answers no operation with H3 cells (summarize by fabric fields, report,
// collect3) never needs it. Same functions, same answers; only when the library loads differs.
import { createRequire } from 'node:module';
import type * as H3 from 'h3-js';

let lib: typeof H3 | undefined;
const h3 = (): typeof H3 => (lib ??= createRequire(import.meta.url)('h3-js') as typeof H3);

export const latLngToCell: typeof H3.latLngToCell = (lat, lng, res) =>
  h3().latLngToCell(lat, lng, res);
export const cellToBoundary: typeof H3.cellToBoundary = (cell, formatAsGeoJson) =>
  h3().cellToBoundary(cell, formatAsGeoJson);
export const cellToLatLng: typeof H3.cellToLatLng = (cell) => h3().cellToLatLng(cell);
export const cellToParent: typeof H3.cellToParent = (cell, res) => h3().cellToParent(cell, res);
export const getResolution: typeof H3.getResolution = (cell) => h3().getResolution(cell);
export const isValidCell: typeof H3.isValidCell = (cell) => h3().isValidCell(cell);
export const h3IndexToSplitLong: typeof H3.h3IndexToSplitLong = (cell) =>
  h3().h3IndexToSplitLong(cell);
export const splitLongToH3Index: typeof H3.splitLongToH3Index = (lower, upper) =>
  h3().splitLongToH3Index(lower, upper);
