// The memory store's side of the provider filter (shared/provider-filter.ts): a coverage vintage
// cut down to one provider's records, in the same layout and over the same offer table, so every
// operation that reads coverage (tiles, hexagons, report, summarize, compare) counts that
// provider's claims alone by reading this instead of the whole vintage.
import { providerCounts } from '../../../../shared/provider-filter';
import type { Fabric, FixedCoverage } from '../fabric';
import { packStarts, startAt, startsCount } from '../record-starts';

/** The last few cut-down vintages, per vintage: a planner looks at one provider at a time. */
const KEPT = 4;
const cuts = new WeakMap<FixedCoverage, Map<number, FixedCoverage>>();

function cut(fabric: Fabric, cov: FixedCoverage, provider: number): FixedCoverage {
  const keep = Uint8Array.from(cov.offers.provider, (p) =>
    providerCounts(provider, fabric.fixedProviders[p]?.providerId ?? -1) ? 1 : 0,
  );
  const count = startsCount(cov.start);
  const start = new Uint32Array(count + 1);
  let kept = 0;
  for (let i = 0; i < count; i++) {
    start[i] = kept;
    for (let r = startAt(cov.start, i), end = startAt(cov.start, i + 1); r < end; r++)
      if (keep[cov.offer[r]]) kept++;
  }
  start[count] = kept;
  const offer = new (cov.offer.constructor as Uint8ArrayConstructor)(kept);
  let k = 0;
  for (let r = 0; r < cov.offer.length; r++) if (keep[cov.offer[r]]) offer[k++] = cov.offer[r];
  return { vintage: cov.vintage, start: packStarts(start), offer, offers: cov.offers };
}

/** Coverage vintage ci's records the provider filter counts: all of them, or one provider's. */
export function coverageOfProvider(
  fabric: Fabric,
  ci: number,
  provider: number | null | undefined,
): FixedCoverage {
  const cov = fabric.fixedCoverage[ci]!;
  if (provider == null) return cov;
  let kept = cuts.get(cov);
  if (!kept) cuts.set(cov, (kept = new Map()));
  let found = kept.get(provider);
  if (found)
    kept.delete(provider); // re-inserted below: Map order is recency
  else found = cut(fabric, cov, provider);
  kept.set(provider, found);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return found;
}
