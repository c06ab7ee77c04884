// Technology names a planner reads, per the FCC BDC codes (docs/DOMAIN.md, "Fixed broadband"
// and "Mobile broadband"). The service speaks in codes; every table and legend shows these
// names instead.

export type FixedTechnologyGroup = 'wired' | 'satellite' | 'fixed wireless' | 'other';

export interface FixedTechnology {
  code: number;
  name: string;
  group: FixedTechnologyGroup;
}

export const FIXED_TECHNOLOGIES: readonly FixedTechnology[] = [
  { code: 0, name: 'Other', group: 'other' },
  { code: 10, name: 'Copper (DSL)', group: 'wired' },
  { code: 40, name: 'Cable (coax / HFC)', group: 'wired' },
  { code: 50, name: 'Fiber to the premises', group: 'wired' },
  { code: 60, name: 'Satellite (geostationary)', group: 'satellite' },
  { code: 61, name: 'Satellite (non-geostationary)', group: 'satellite' },
  { code: 70, name: 'Unlicensed fixed wireless', group: 'fixed wireless' },
  { code: 71, name: 'Licensed fixed wireless', group: 'fixed wireless' },
  { code: 72, name: 'Licensed-by-rule fixed wireless (CBRS)', group: 'fixed wireless' },
];

const fixedByCode = new Map(FIXED_TECHNOLOGIES.map((t) => [t.code, t]));

/** The fixed technology for a BDC technology_code; undefined for a code docs/DOMAIN.md does not list. */
export function fixedTechnology(code: number): FixedTechnology | undefined {
  return fixedByCode.get(code);
}

/** Name for a provider row; an unlisted code still reads as something a person can report. */
export function fixedTechnologyName(code: number): string {
  return fixedByCode.get(code)?.name ?? `Unknown technology (${code})`;
}

/** Mobile technology as the app keeps it: 3 = 3G, 4 = 4G LTE, 5 = 5G-NR. */
export type MobileTechnology = 3 | 4 | 5;

const MOBILE_NAMES: Record<MobileTechnology, string> = { 3: '3G', 4: '4G LTE', 5: '5G-NR' };

/**
 * The public files code mobile technology 300/400/500 while the service may send 3/4/5;
 * both mean the same generation. Anything else is not a mobile technology: null.
 */
export function normaliseMobileTechnology(code: number): MobileTechnology | null {
  const generation = code >= 100 && code % 100 === 0 ? code / 100 : code;
  return generation === 3 || generation === 4 || generation === 5 ? generation : null;
}

export function mobileTechnologyName(technology: MobileTechnology): string {
  return MOBILE_NAMES[technology];
}
