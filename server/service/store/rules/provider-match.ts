// Which providers a search text names (docs/SERVICE.md, "providers"), decided once for both
// stores, which only count each provider's claimed locations: a 10-digit FRN or a provider id
// names its provider exactly, digits also name the provider ids they begin, and words name the
// brands they begin or are found in.
import type { ProviderClaim } from '../../../contract/schemas/providers';

const FRN = /^\d{10}$/;

/** How well the text names a provider: 1 exactly, less for a part, 0 not at all. */
export function providerScore(p: ProviderClaim, text: string): number {
  const q = text.trim().toLowerCase();
  if (q === '') return 1;
  if (/^\d+$/.test(q)) {
    if (FRN.test(q) && p.frn === q) return 1;
    const id = String(p.provider_id);
    if (id === q) return 1;
    return id.startsWith(q) ? 0.9 : 0;
  }
  const brand = p.brand_name.toLowerCase();
  if (brand === q) return 1;
  if (brand.startsWith(q)) return 0.9;
  if (brand.split(/[^a-z0-9]+/).some((word) => word.startsWith(q))) return 0.85;
  return brand.includes(q) ? 0.7 : 0;
}

/** The providers the text names, best first, then the most locations claimed, then by brand. */
export function matchProviders(all: readonly ProviderClaim[], text: string): ProviderClaim[] {
  return all
    .map((p) => ({ p, score: providerScore(p, text) }))
    .filter((m) => m.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.p.locationcount - a.p.locationcount ||
        a.p.brand_name.localeCompare(b.p.brand_name) ||
        a.p.provider_id - b.p.provider_id,
    )
    .map((m) => m.p);
}
