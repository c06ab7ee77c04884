// providers over the memory store (docs/SERVICE.md, "providers"): each fixed provider of a
// coverage vintage with the locations it has a record at, counted once per vintage (one pass
// over the records) and kept; which ones a text names is rules/provider-match.ts.
import type { ProviderClaim } from '../../../../contract/schemas/providers';
import type { Fabric, FixedCoverage } from '../../fabric';
import { startAt, startsCount } from '../../record-starts';

const claims = new WeakMap<FixedCoverage, ProviderClaim[]>();

export function providerClaims(fabric: Fabric, ci: number): ProviderClaim[] {
  const cov = fabric.fixedCoverage[ci];
  if (!cov) return [];
  let found = claims.get(cov);
  if (!found) {
    const located = new Uint32Array(fabric.fixedProviders.length);
    // The last location each provider was counted at: a location counts once per provider.
    const lastAt = new Int32Array(fabric.fixedProviders.length).fill(-1);
    const { provider } = cov.offers;
    for (let i = 0, n = startsCount(cov.start); i < n; i++) {
      for (let r = startAt(cov.start, i), end = startAt(cov.start, i + 1); r < end; r++) {
        const p = provider[cov.offer[r]];
        if (lastAt[p] === i) continue;
        lastAt[p] = i;
        located[p]++;
      }
    }
    found = fabric.fixedProviders.flatMap((p, k) =>
      located[k] === 0
        ? []
        : [
            {
              provider_id: p.providerId,
              brand_name: p.brandName,
              frn: p.frn,
              locationcount: located[k],
            },
          ],
    );
    claims.set(cov, found);
  }
  return found.map((p) => ({ ...p }));
}
