// The area report (ours, issue 14) over the memory store: the locations of a fabric vintage
// inside the area (found as summarize finds them, refused past maxcount as summarize refuses),
// counted by report-tally.ts at a coverage vintage under the planner's filters.
import { fixedFiltersRecord, type FixedFilters } from '../../../shared/fixed-status';
import type { ReportResponse } from '../schemas/report';
import type { FabricIndex } from '../store/memory/fabric-index';
import type { Area } from '../store/store';
import { offerRecords, releaseVintageIndex } from './fixed-offers-view';
import { createReportTally } from './report-tally';
import { MAX_EDGE_TESTS, locationsInArea } from './summarize';

export type ReportResult =
  { ok: true; response: ReportResponse } | { ok: false; locationcount: number; maxcount: number };

/** A report counting nothing (a vintage the store does not hold has no locations). */
export function emptyReport(
  fabricVintage: string,
  coverageVintage: string,
  filters: FixedFilters,
  maxcount: number,
): ReportResponse {
  return {
    fabric: fabricVintage,
    coverage: coverageVintage,
    release: null,
    filters: fixedFiltersRecord(filters),
    maxcount,
    ...createReportTally([], filters).body([]),
  };
}

/** The report of fabric vintage vi's locations in the area, at coverage vintage ci. */
export function report(
  ix: FabricIndex,
  vi: number,
  ci: number,
  area: Area,
  filters: FixedFilters,
  maxcount: number,
  maxEdgeTests = MAX_EDGE_TESTS,
): ReportResult {
  const inside = locationsInArea(ix, vi, area, maxEdgeTests);
  if (inside.length > maxcount) return { ok: false, locationcount: inside.length, maxcount };

  const { fabric } = ix;
  const cov = fabric.fixedCoverage[ci]!;
  const provider = cov.offers.provider;
  const offers = offerRecords(cov).map((offer, o) => ({ offer, provider: provider[o] }));
  const tally = createReportTally(offers, filters);
  const release = releaseVintageIndex(fabric, cov.vintage);
  const releaseBit = release < 0 ? 0 : 1 << release;
  const { presence, bslFlag, unitCount } = fabric.locations;
  for (const i of inside) {
    tally.add(
      { inRelease: (presence[i] & releaseBit) !== 0, bsl: bslFlag[i] === 1, units: unitCount[i] },
      cov.offer.subarray(cov.start[i], cov.start[i + 1]),
    );
  }
  const providers = fabric.fixedProviders.map((p) => ({
    provider_id: p.providerId,
    brand_name: p.brandName,
  }));
  return {
    ok: true,
    response: {
      fabric: fabric.vintages[vi]!.vintage,
      coverage: cov.vintage,
      release: release < 0 ? null : fabric.vintages[release]!.vintage,
      filters: fixedFiltersRecord(filters),
      maxcount,
      ...tally.body(providers),
    },
  };
}
