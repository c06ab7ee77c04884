// The custom summary of one area: the summarize operation asked as a split-area query
// (split-area-query.ts), the parts' rows merged exactly.
import { fixedFiltersRecord } from '../../shared/fixed-status';
import { summarizeArea, type SummaryAt } from '../api/fabricext';
import type { AreaGeometry } from '../lib/geo/area-geojson';
import { mergeSummaries, type SummaryResult } from '../pipelines/summary-merge';
import type { SummarizePart } from '../pipelines/summary-split-run';
import { summarizeKeys } from './keys';
import {
  countInVintages,
  partOutcome,
  useAreaHash,
  useSplitAreaQuery,
  type Timed,
} from './split-area-query';
import { useCapabilities } from './use-capabilities';

/** `parts` is 1 when the area fitted in one request. */
export type AreaSummary = Timed<{ result: SummaryResult; parts: number }>;

/** One part as the split run wants it: a 422 maxcount_exceeded is an outcome, not an error. */
export function partSummarizer(
  vintage: string,
  fields: readonly string[],
  nocat: boolean,
  at?: SummaryAt,
): SummarizePart {
  return (area, signal) =>
    partOutcome(() => summarizeArea(vintage, area, fields, nocat, signal, at));
}

const atKey = (at?: SummaryAt) =>
  at ? [at.coverage ?? '', ...Object.values(fixedFiltersRecord(at.filters))].join(':') : '';

export function useAreaSummary(
  vintage: string | null,
  area: AreaGeometry | null,
  fields: readonly string[],
  nocat: boolean,
  at?: SummaryAt,
) {
  const key = [vintage ?? '', useAreaHash(area), fields, nocat, atKey(at)] as const;
  const counts = useCapabilities().views.count;
  return useSplitAreaQuery({
    count: counts && vintage ? countInVintages([vintage]) : null,
    queryKey: summarizeKeys.area(...key),
    progressKey: summarizeKeys.progress(...key),
    area,
    run:
      vintage && fields.length > 0
        ? (split) =>
            split(partSummarizer(vintage, fields, nocat, at), (parts) =>
              mergeSummaries(parts, fields),
            )
        : null,
  });
}
