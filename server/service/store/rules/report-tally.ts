// The area report's counting once the locations inside the area are known, as a pure tally
// over each location's facts and its offers (rows of a table of distinct offers): the memory
// store feeds it from its typed columns, a database store from the rows it fetched, and both
// count exactly alike. Every status comes from shared/fixed-status.ts: an offer's counted tier
// (countedTier), a location's best of them, statusFromBestTier, after uncountedStatus as
// locationFixedStatus does.
import {
  TIERS,
  countedTier,
  countingRule,
  FIXED_LOCATION_STATUSES,
  statusFromBestTier,
  TABLE_STATUSES,
  uncountedStatus,
  type FixedFilters,
  type FixedLocationStatus,
} from '../../../../shared/fixed-status';
import type { FixedOffer } from '../../../../shared/served-status';
import { FIXED_TECHNOLOGIES, fixedTechnology } from '../../../../shared/technology';
import { REPORT_GROUPS, type ReportBody } from '../../../contract/schemas/report';
import { createProviderOffers } from './report-provider-offers';

export interface ReportOffer {
  offer: FixedOffer;
  /** The offer's provider, as an index into the providers given to body(). */
  provider: number;
}

export interface ReportProvider {
  provider_id: number;
  brand_name: string;
}

export interface LocationFacts {
  /** In the fabric release the coverage vintage was reported on. */
  inRelease: boolean;
  bsl: boolean;
  units: number;
}

export interface ReportTally {
  /** One location of the area, with the rows (into the offer table) of its fixed records. */
  add(location: LocationFacts, offerRows: ArrayLike<number>): void;
  body(providers: readonly ReportProvider[]): ReportBody;
}

type Group = (typeof REPORT_GROUPS)[number];
type Counted = FixedLocationStatus;
const COUNTED = FIXED_LOCATION_STATUSES;

interface ProviderCounts {
  served: number;
  servedUnits: number;
  reached: number;
  technologies: Set<number>;
}

export function createReportTally(
  offers: readonly ReportOffer[],
  filters: FixedFilters,
): ReportTally {
  const rule = countingRule(filters);
  const tierOf = offers.map(({ offer }) => countedTier(offer, rule, filters.audience));
  const groupOf = offers.map(
    ({ offer }) => fixedTechnology(offer.technology_code)?.group ?? ('other' as Group),
  );
  // The table's rows: any, then each technology group the filters count a code of.
  const groups: Group[] = REPORT_GROUPS.filter(
    (g) =>
      g === 'any' || FIXED_TECHNOLOGIES.some((t) => t.group === g && rule.codes.includes(t.code)),
  );
  const atTier = new Map(groups.map((g) => [g, new Uint32Array(TIERS.length + 1)]));
  const status = Object.fromEntries(COUNTED.map((k) => [k, { locations: 0, units: 0 }])) as Record<
    Counted,
    { locations: number; units: number }
  >;
  const providers = new Map<number, ProviderCounts>();
  const count = (k: Counted, units: number) => {
    status[k].locations++;
    status[k].units += units;
  };
  // Per location scratch: best tier per group and per provider.
  const bestOfGroup = new Map<Group, number>();
  const bestOfProvider = new Map<number, number>();
  const offered = createProviderOffers();

  return {
    add({ inRelease, bsl, units }, rows) {
      const uncounted = uncountedStatus({ inRelease, bsl });
      if (uncounted) return count(uncounted, units);
      bestOfGroup.clear();
      bestOfProvider.clear();
      let best = 0;
      for (let k = 0; k < rows.length; k++) {
        const r = rows[k];
        const tier = tierOf[r];
        if (tier === 0) continue;
        best = Math.max(best, tier);
        bestOfGroup.set(groupOf[r], Math.max(bestOfGroup.get(groupOf[r]) ?? 0, tier));
        const p = offers[r].provider;
        bestOfProvider.set(p, Math.max(bestOfProvider.get(p) ?? 0, tier));
        let counts = providers.get(p);
        if (!counts) {
          counts = { served: 0, servedUnits: 0, reached: 0, technologies: new Set() };
          providers.set(p, counts);
        }
        counts.technologies.add(offers[r].offer.technology_code);
        offered.offer(p, offers[r].offer.technology_code, tier);
      }
      offered.endLocation(units);
      count(statusFromBestTier(best, rule), units);
      if (rows.length === 0) count('nooffers', units);
      bestOfGroup.set('any', best);
      for (const [group, tiers] of atTier) {
        const top = bestOfGroup.get(group) ?? 0;
        for (let t = 1; t <= top; t++) tiers[t]++;
      }
      for (const [p, tier] of bestOfProvider) {
        const counts = providers.get(p)!;
        counts.reached++;
        if (tier >= rule.servedTier) {
          counts.served++;
          counts.servedUnits += units;
        }
      }
    },

    body(providerList) {
      const locationcount = TABLE_STATUSES.map((k) => status[k].locations).reduce(
        (a, b) => a + b,
        0,
      );
      const tiers = groups.flatMap((group) =>
        TIERS.map((speed, k) => ({
          group,
          tier: k + 1,
          speed: `${speed.down}/${speed.up}`,
          locations: atTier.get(group)![k + 1],
        })),
      );
      const rows = [...providers].map(([p, c]) => ({
        provider_id: providerList[p]?.provider_id ?? 0,
        brand_name: providerList[p]?.brand_name ?? `Provider ${p}`,
        technologies: [...c.technologies].sort((a, b) => a - b),
        served_locations: c.served,
        served_units: c.servedUnits,
        reached_locations: c.reached,
        offered: offered.rows(p),
      }));
      rows.sort(
        (a, b) =>
          b.served_locations - a.served_locations ||
          b.reached_locations - a.reached_locations ||
          a.brand_name.localeCompare(b.brand_name),
      );
      return { locationcount, status, tiers, providers: rows };
    },
  };
}
