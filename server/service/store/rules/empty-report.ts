// The report over an area a store holds no locations for (a vintage it does not hold): both
// stores answer it alike, with the filters and, when comparing, an empty change.
import { fixedFiltersRecord, type FixedFilters } from '../../../../shared/fixed-status';
import type { ReportResponse } from '../../../contract/schemas/report';
import { emptyChange } from './report-change-tally';
import { createReportTally } from './report-tally';

/** A report counting nothing (a vintage the store does not hold has no locations). */
export function emptyReport(
  fabricVintage: string,
  coverageVintage: string,
  filters: FixedFilters,
  maxcount: number,
  compare: { fabric: string; coverage: string } | null = null,
): ReportResponse {
  const a = { fabric: fabricVintage, coverage: coverageVintage };
  return {
    fabric: fabricVintage,
    coverage: coverageVintage,
    release: null,
    filters: fixedFiltersRecord(filters),
    maxcount,
    ...createReportTally([], filters).body([]),
    ...(compare ? { change: emptyChange(a, compare, filters) } : {}),
  };
}
