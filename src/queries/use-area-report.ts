// The area report of one area at the picked vintages under the filters, asked as a split-area
// query (split-area-query.ts) with the parts' counts merged exactly. With a release to compare
// with, the report carries what changed (the service weighs both fabrics' locations against
// maxcount).
import { fixedFiltersRecord, type FixedFilters } from '../../shared/fixed-status';
import { isApiError } from '../api/api-error';
import { reportArea, type AreaReport, type ComparedRelease } from '../api/report';
import type { AreaGeometry } from '../lib/geo/area-geojson';
import { mergeReports } from '../pipelines/report-merge';
import type { SplitRunResult } from '../pipelines/summary-split-run';
import { reportKeys } from './keys';
import {
  countInVintages,
  partOutcome,
  useAreaHash,
  useSplitAreaQuery,
  type Timed,
} from './split-area-query';
import { useCapabilities } from './use-capabilities';

interface ReportOutcome {
  report: AreaReport;
  /** 1 when the area fitted in one request. */
  parts: number;
  /**
   * Why the comparison could not be made (the service does not know the release compared
   * with, e.g. from a link made against other data); the report is then the area's alone.
   */
  changeProblem?: string;
}

export type AreaReportRun = Timed<ReportOutcome>;

/** A 404 naming `with` or `withfabric`: the compared release, not the report, is unknown. */
function unknownComparedRelease(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'unknown_vintage') return null;
  const parameter = error.details?.parameter;
  return parameter === 'with' || parameter === 'withfabric' ? error.message : null;
}

export interface ReportAsk {
  vintage: string | null;
  coverage: string | null;
  filters: FixedFilters;
  /** The compare card's release, or null when comparing is off. */
  compareWith?: ComparedRelease | null;
}

/** The key's query part: the filters and the compared release, as the request sends them. */
const filtersKey = ({ filters, compareWith }: ReportAsk) =>
  new URLSearchParams({
    ...fixedFiltersRecord(filters),
    ...(compareWith ? { with: compareWith.coverage, withfabric: compareWith.fabric } : {}),
  }).toString();

const outcome = (run: SplitRunResult<AreaReport>, changeProblem?: string): ReportOutcome => ({
  report: run.result,
  parts: run.parts,
  ...(changeProblem ? { changeProblem } : {}),
});

export function useAreaReport(ask: ReportAsk, area: AreaGeometry | null) {
  const { vintage, coverage, filters, compareWith = null } = ask;
  const key = [vintage ?? '', coverage ?? '', filtersKey(ask), useAreaHash(area)] as const;
  const counts = useCapabilities().views.count;
  return useSplitAreaQuery({
    count:
      counts && vintage
        ? countInVintages(compareWith ? [vintage, compareWith.fabric] : [vintage])
        : null,
    queryKey: reportKeys.area(...key),
    progressKey: reportKeys.progress(...key),
    area,
    run:
      vintage && coverage
        ? async (split) => {
            const counted = (compared: ComparedRelease | null) =>
              split(
                (part, signal) =>
                  partOutcome(() => reportArea(vintage, coverage, filters, part, signal, compared)),
                mergeReports,
              );
            try {
              return outcome(await counted(compareWith));
            } catch (error) {
              const problem = compareWith ? unknownComparedRelease(error) : null;
              if (!problem) throw error;
              return outcome(await counted(null), problem);
            }
          }
        : null,
  });
}
