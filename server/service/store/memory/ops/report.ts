// The area report (ours; docs/SERVICE.md, "report") over the memory store: the locations of a fabric vintage
// inside the area (found as summarize finds them, refused past maxcount as summarize refuses),
// counted by report-tally.ts at a coverage vintage under the planner's filters. Compared with a
// second release, the locations inside in either fabric are counted again by what changed
// (report-change.ts), and maxcount weighs that union.
import { fixedFiltersRecord, type FixedFilters } from '../../../../../shared/fixed-status';
import type { FabricIndex } from '../fabric-index';
import type { Area, ReportResult } from '../../store';
import { offerRecords, releaseVintageIndex } from './fixed-offers-view';
import { reportChange, unionOf, type ReleaseAt } from './report-change';
import { createReportTally } from '../../rules/report-tally';
import { MAX_EDGE_TESTS, type AreaLimits } from '../../rules/summary-rows';
import { locationsInArea } from './summarize';
import { coverageOfProvider } from '../provider-coverage';
import { startAt } from '../../record-starts';

/** The report of fabric vintage vi's locations in the area, at coverage vintage ci. */
export function report(
  ix: FabricIndex,
  vi: number,
  ci: number,
  area: Area,
  filters: FixedFilters,
  {
    maxcount,
    maxEdgeTests = MAX_EDGE_TESTS,
    compare = null,
  }: AreaLimits & {
    /** The release compared with: the answer gains `change`. */
    compare?: ReleaseAt | null;
  },
): ReportResult {
  const inside = locationsInArea(ix, vi, area, maxEdgeTests);
  const union =
    compare === null || compare.vi === vi
      ? inside
      : unionOf(inside, locationsInArea(ix, compare.vi, area, maxEdgeTests));
  if (union.length > maxcount) return { ok: false, locationcount: union.length, maxcount };

  const { fabric } = ix;
  const cov = coverageOfProvider(fabric, ci, filters.provider);
  const provider = cov.offers.provider;
  const offers = offerRecords(cov).map((offer, o) => ({ offer, provider: provider[o] }));
  const tally = createReportTally(offers, filters);
  const release = releaseVintageIndex(fabric, cov.vintage);
  const releaseBit = release < 0 ? 0 : 1 << release;
  const { presence, bslFlag, unitCount } = fabric.locations;
  for (const i of inside) {
    tally.add(
      { inRelease: (presence[i] & releaseBit) !== 0, bsl: bslFlag[i] === 1, units: unitCount[i] },
      cov.offer.subarray(startAt(cov.start, i), startAt(cov.start, i + 1)),
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
      ...(compare ? { change: reportChange(ix, { vi, ci }, compare, union, filters) } : {}),
    },
  };
}
