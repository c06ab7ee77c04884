// The five demo fabric releases (as-of 30 June and 31 December) and their coverage vintages:
// one BDC filing per fabric release, with the same YYYYMM.
import type { FabricVintage } from '../service/store/fabric';

/** The release's name as the real service publishes it: `june2024`, `dec2024`. */
export function vintageName(yyyymm: string): string {
  return `${yyyymm.endsWith('06') ? 'june' : 'dec'}${yyyymm.slice(0, 4)}`;
}

function vintage(
  year: number,
  june: boolean,
  svcversion: number,
  fccversion: number,
  ntiaversion: string | null,
): FabricVintage {
  const yyyymm = `${year}${june ? '06' : '12'}`;
  return {
    vintage: yyyymm,
    svcversion,
    fccversion: String(fccversion),
    fccrelease: `${june ? '0630' : '1231'}${year}`,
    ntiaversion,
    vintagename: vintageName(yyyymm),
  };
}

// NTIA versions: the published guide shows "5_1" for June 2024 and none for December 2024;
// the older demo releases follow the same pattern, and none is known past June 2024.
export const DEMO_VINTAGES: readonly FabricVintage[] = [
  vintage(2023, true, 7, 3, '3_1'),
  vintage(2023, false, 8, 4, '4_1'),
  vintage(2024, true, 9, 5, '5_1'),
  vintage(2024, false, 10, 6, null),
  vintage(2025, true, 11, 7, null),
];

export const VINTAGE_COUNT = DEMO_VINTAGES.length;
