// The fixed providers of a state demo, by area. One county has one provider per role (cable,
// city fiber, telephone company, rural co-op, three kinds of fixed wireless, two satellite
// operators: fixed-coverage.ts); across a state each regional role is split into franchise
// areas, a grid of squares in degrees sized per role, and every county takes the franchise of
// its middle. So neighbouring counties share a cable company, a state has dozens of providers,
// and the satellite operators are the same everywhere, as they are nationally.
import type { Provider } from '../service/store/fabric';
import { FIXED_PROVIDERS } from './fixed-coverage';
import { hashUnit } from './prng';

/** A county as the franchise rule sees it. */
export interface ProviderCounty {
  geoid: string;
  /** Bare name ("Kent"), which a provider founded there takes. */
  place: string;
  /** The middle of its bounding box, degrees. */
  lng: number;
  lat: number;
  /** Its share of the state's locations: the franchise is named for its largest county. */
  weight: number;
}

/** Franchise square per role, in degrees; null for the national satellite operators. */
const FRANCHISE_DEGREES: (number | null)[] = [1.6, 0.9, 1.2, 0.8, 1.0, 0.7, 1.4, null, null];
const BRAND: ((place: string) => string)[] = [
  (p) => `${p} Cablevision`,
  (p) => `${p} Fiber`,
  (p) => `${p} Telephone`,
  (p) => `${p} Rural Connect`,
  (p) => `${p} Air Wireless`,
  (p) => `${p} Wireless Internet`,
  (p) => `${p} CBRS Networks`,
];
const FIRST_PROVIDER_ID = 400_000;

function franchiseOf(role: number, c: ProviderCounty): string {
  const size = FRANCHISE_DEGREES[role]!;
  return `${Math.floor(c.lng / size)}:${Math.floor(c.lat / size)}`;
}

/**
 * Each county's providers, by role as fixed-coverage.ts indexes them. Provider ids are numbered
 * per role in the order of each franchise's largest county's GEOID, so they are the same for
 * the same counties, and each FRN holds its provider id (never two alike).
 */
export function providersByCounty(counties: readonly ProviderCounty[]): Map<string, Provider[]> {
  const out = new Map<string, Provider[]>(counties.map((c) => [c.geoid, []]));
  FRANCHISE_DEGREES.forEach((size, role) => {
    if (size === null) {
      for (const c of counties) out.get(c.geoid)!.push({ ...FIXED_PROVIDERS[role] });
      return;
    }
    const members = new Map<string, ProviderCounty[]>();
    for (const c of counties) {
      const key = franchiseOf(role, c);
      members.set(key, [...(members.get(key) ?? []), c]);
    }
    const leaders = [...members.entries()].map(([key, list]) => ({
      key,
      leader: list.reduce((a, b) =>
        b.weight > a.weight || (b.weight === a.weight && b.geoid < a.geoid) ? b : a,
      ),
    }));
    leaders.sort((a, b) => (a.leader.geoid < b.leader.geoid ? -1 : 1));
    const byKey = new Map<string, Provider>();
    leaders.forEach(({ key, leader }, k) => {
      if (k >= 10_000) throw new Error(`more than 10,000 franchises of role ${role}`);
      const providerId = FIRST_PROVIDER_ID + role * 10_000 + k;
      const tail = Math.floor(hashUnit(0x46524e, providerId) * 10_000);
      byKey.set(key, {
        providerId,
        frn: String(providerId * 10_000 + tail).padStart(10, '0'),
        brandName: BRAND[role](leader.place),
      });
    });
    for (const c of counties) out.get(c.geoid)!.push({ ...byKey.get(franchiseOf(role, c))! });
  });
  return out;
}
