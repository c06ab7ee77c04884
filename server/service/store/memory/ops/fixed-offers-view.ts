// A coverage vintage's fixed offers as shared/fixed-status.ts reads them, and the fabric release
// its records were reported on. The fixed tiles and hexagons (docs/architecture.md, "The fixed broadband path") apply the one rule of
// shared/fixed-status.ts to these, so the map, the badge and the tests cannot disagree.
import { countedTier, countingRule, type FixedFilters } from '../../../../../shared/fixed-status';
import type { FixedOffer } from '../../../../../shared/served-status';
import type { Fabric, FixedCoverage } from '../../fabric';
import { startAt } from '../../record-starts';

const BR = ['R', 'B', 'X'] as const;

/** The vintage's distinct offers (a few dozen) as records: row o is offer o. */
export function offerRecords(cov: FixedCoverage): FixedOffer[] {
  const o = cov.offers;
  return Array.from({ length: o.technology.length }, (_, k) => ({
    technology_code: o.technology[k],
    max_advertised_download_speed: o.down[k],
    max_advertised_upload_speed: o.up[k],
    low_latency: o.lowLatency[k],
    business_residential_code: BR[o.businessResidential[k]] ?? 'X',
  }));
}

/** Location i's records at this vintage, as offers. */
export function locationOffers(
  cov: FixedCoverage,
  offers: readonly FixedOffer[],
  i: number,
): FixedOffer[] {
  const out: FixedOffer[] = [];
  for (let r = startAt(cov.start, i), end = startAt(cov.start, i + 1); r < end; r++)
    out.push(offers[cov.offer[r]]);
  return out;
}

/** Per offer, its tier when the filters count it (else 0): a location's best is their max. */
export function countedTiers(offers: readonly FixedOffer[], filters: FixedFilters): Uint8Array {
  const rule = countingRule(filters);
  return Uint8Array.from(offers, (offer) => countedTier(offer, rule, filters.audience));
}

/**
 * The fabric vintage a coverage vintage was reported on: the one of the same YYYYMM (BDC
 * availability is filed against the fabric of its as-of date), else the newest before it;
 * -1 when the fabric has none, and then no location is in the release.
 */
export function releaseVintageIndex(fabric: Fabric, coverageVintage: string): number {
  let found = -1;
  fabric.vintages.forEach((v, i) => {
    if (v.vintage <= coverageVintage) found = i;
  });
  return found;
}
