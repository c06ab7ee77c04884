// The five demo fabric releases (as-of 30 June and 31 December) and their coverage vintages:
// one BDC filing per fabric release, with the same YYYYMM.
import type { FabricVintage } from '../service/store/fabric';

function vintage(
  year: number,
  june: boolean,
  svcversion: number,
  fccversion: number,
): FabricVintage {
  return {
    vintage: `${year}${june ? '06' : '12'}`,
    svcversion,
    fccversion: String(fccversion),
    fccrelease: `${june ? '0630' : '1231'}${year}`,
    vintagename: `${june ? 'june' : 'december'}${year}`,
  };
}

export const DEMO_VINTAGES: readonly FabricVintage[] = [
  vintage(2023, true, 7, 3),
  vintage(2023, false, 8, 4),
  vintage(2024, true, 9, 5),
  vintage(2024, false, 10, 6),
  vintage(2025, true, 11, 7),
];

export const VINTAGE_COUNT = DEMO_VINTAGES.length;
