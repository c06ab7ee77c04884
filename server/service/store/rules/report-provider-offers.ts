// The report's providers table (docs/SERVICE.md, "report"): per provider and technology, the
// BSLs (and their units) it offers at each of the report's tiers or faster, under the filters.
// Fed per location by report-tally.ts with the same counted tiers as the status counts, so a
// provider's row at the filters' served tier is what the map counts as served under that
// provider's filter.
import { TIERS } from '../../../../shared/fixed-status';

export interface OfferedRow {
  technology: number;
  /** Index k: BSLs with a counted offer of the technology at tier k + 1 (TIERS) or faster. */
  locations: number[];
  units: number[];
}

export interface ProviderOffers {
  /** One location's counted offer: its provider (index), technology and counted tier (1..4). */
  offer(provider: number, technology: number, tier: number): void;
  /** Ends the location, adding its best tier of each provider and technology. */
  endLocation(units: number): void;
  /** The provider's rows, by technology code. */
  rows(provider: number): OfferedRow[];
}

export function createProviderOffers(): ProviderOffers {
  const best = new Map<number, number>();
  const counts = new Map<number, Map<number, OfferedRow>>();
  return {
    offer(provider, technology, tier) {
      const key = provider * 256 + technology;
      if (tier > (best.get(key) ?? 0)) best.set(key, tier);
    },
    endLocation(units) {
      for (const [key, tier] of best) {
        const provider = Math.floor(key / 256);
        const technology = key % 256;
        let byTech = counts.get(provider);
        if (!byTech) counts.set(provider, (byTech = new Map()));
        let row = byTech.get(technology);
        if (!row) {
          const zeros = () => TIERS.map(() => 0);
          byTech.set(technology, (row = { technology, locations: zeros(), units: zeros() }));
        }
        for (let k = 0; k < tier; k++) {
          row.locations[k]!++;
          row.units[k]! += units;
        }
      }
      best.clear();
    },
    rows: (provider) =>
      [...(counts.get(provider)?.values() ?? [])].sort((a, b) => a.technology - b.technology),
  };
}
