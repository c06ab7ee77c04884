// What the mobile coverage legend and the hexagon panel should say for the service's records,
// written out here from docs/DOMAIN.md, "Mobile broadband" (the FCC's speed tiers), as a
// planner reads them. Independent of the app's own classifier and words on purpose.

/** A bdcmobile record as the API sends it. */
export interface ApiMobileRecord {
  h3_res9_id: string;
  providerid: number;
  brandname: string;
  /** 3/4/5, or the public files' 300/400/500. */
  technology: number;
  mindown: number;
  minup: number;
  minsignal: number;
  environment: number;
}

/** The legend's rows, best service first, as labelled on screen. */
export const LEGEND = {
  nr35: '5G-NR 35/3 Mbps',
  nr7: '5G-NR 7/1 Mbps',
  lte: '4G LTE 5/1 Mbps',
  g3: '3G 0.2/0.05 Mbps',
  none: 'No coverage',
} as const;
const BEST_FIRST = [LEGEND.nr35, LEGEND.nr7, LEGEND.lte, LEGEND.g3];

const generation = (technology: number) => (technology >= 100 ? technology / 100 : technology);

/** The tier a record advertises, as its legend label; null for an unknown technology. */
function tierLabel(r: ApiMobileRecord): string | null {
  switch (generation(r.technology)) {
    case 5:
      return r.mindown >= 35 && r.minup >= 3 ? LEGEND.nr35 : LEGEND.nr7;
    case 4:
      return LEGEND.lte;
    case 3:
      return LEGEND.g3;
    default:
      return null;
  }
}

export interface MobileFilter {
  /** 3, 4 or 5 to keep one generation only. */
  generation?: number;
  /** 0 outdoor stationary, 1 in-vehicle. */
  environment?: number;
}

/** Cells per legend row: each cell counts once, under the best tier its kept records offer. */
export function expectedLegend(
  cells: readonly string[],
  byCell: ReadonlyMap<string, readonly ApiMobileRecord[]>,
  filter: MobileFilter = {},
): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(
    Object.values(LEGEND).map((label) => [label, 0]),
  );
  for (const cell of cells) {
    const tiers = (byCell.get(cell) ?? [])
      .filter(
        (r) => filter.generation === undefined || generation(r.technology) === filter.generation,
      )
      .filter((r) => filter.environment === undefined || r.environment === filter.environment)
      .map(tierLabel);
    const best = BEST_FIRST.find((label) => tiers.includes(label)) ?? LEGEND.none;
    counts[best]!++;
  }
  return counts;
}

const TECHNOLOGY: Record<number, string> = { 3: '3G', 4: '4G LTE', 5: '5G-NR' };
const TIER_SPEEDS: Record<string, string> = {
  [LEGEND.nr35]: '35/3 Mbps',
  [LEGEND.nr7]: '7/1 Mbps',
  [LEGEND.lte]: '5/1 Mbps',
  [LEGEND.g3]: '0.2/0.05 Mbps',
};
const ENVIRONMENT: Record<number, string> = { 0: 'Outdoor stationary', 1: 'In-vehicle' };

/** A hexagon panel row as shown: carrier, technology, speed tier, environment, signal. */
export function hexRowText(r: ApiMobileRecord): string[] {
  const tier = tierLabel(r);
  return [
    r.brandname,
    TECHNOLOGY[generation(r.technology)] ?? `Technology ${r.technology}`,
    tier ? TIER_SPEEDS[tier]! : `${r.mindown}/${r.minup} Mbps`,
    ENVIRONMENT[r.environment] ?? `Environment ${r.environment}`,
    `${r.minsignal} dBm`,
  ];
}
