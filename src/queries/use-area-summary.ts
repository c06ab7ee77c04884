// The summary of one area: one summarize request when it fits, otherwise the split run
// (parts under maxcount, at most 4 in flight, merged exactly), with progress and Cancel.
import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { maxcountExceeded, summarizeArea, type SummaryAt } from '../api/fabricext';
import type { AreaGeometry } from '../lib/geo/area-geojson';
import { hashJson } from '../lib/hash';
import { summarizeKeys } from './keys';
import { VINTAGED } from './query-client';
import type { SummaryResult } from '../pipelines/summary-merge';
import {
  summarizeSplit,
  type SplitProgress,
  type SummarizePart,
} from '../pipelines/summary-split-run';

export interface AreaSummary {
  result: SummaryResult;
  /** 1 when the area fitted in one request. */
  parts: number;
  elapsedMs: number;
}

/** One part as the split run wants it: a 422 maxcount_exceeded is an outcome, not an error. */
export function partSummarizer(
  vintage: string,
  fields: readonly string[],
  nocat: boolean,
  at?: SummaryAt,
): SummarizePart {
  return async (area, signal) => {
    try {
      return { ok: true, result: await summarizeArea(vintage, area, fields, nocat, signal, at) };
    } catch (error) {
      const exceeded = maxcountExceeded(error);
      if (!exceeded) throw error;
      return { ok: false, ...exceeded };
    }
  };
}

/**
 * The split run's progress is server state like its answer, so it lives in the query cache
 * under its own key rather than in the UI store: the panel and the map layer observe the same
 * summary, and whichever mounted first runs the query function that writes it.
 */
function progressQueryOptions(progressKey: ReturnType<typeof summarizeKeys.progress>) {
  return queryOptions<SplitProgress | null>({ queryKey: progressKey, queryFn: skipToken });
}

const atKey = (at?: SummaryAt) => (at ? `${at.coverage ?? ''}:${at.audience}` : '');

export function areaSummaryQueryOptions(
  vintage: string | null,
  area: AreaGeometry | null,
  fields: readonly string[],
  nocat: boolean,
  areaHash: string,
  at?: SummaryAt,
) {
  const progressKey = summarizeKeys.progress(vintage ?? '', areaHash, fields, nocat, atKey(at));
  return queryOptions({
    queryKey: summarizeKeys.area(vintage ?? '', areaHash, fields, nocat, atKey(at)),
    queryFn:
      vintage && area && fields.length > 0
        ? async ({ signal, client }): Promise<AreaSummary> => {
            const started = performance.now();
            const report = (p: SplitProgress | null) => client.setQueryData(progressKey, p);
            report(null);
            try {
              const run = await summarizeSplit({
                area,
                fields,
                signal,
                concurrency: 4,
                summarize: partSummarizer(vintage, fields, nocat, at),
                // Progress only matters once the area had to be split.
                onProgress: (p) => report(p.total > 1 ? p : null),
              });
              return { ...run, elapsedMs: performance.now() - started };
            } finally {
              report(null);
            }
          }
        : skipToken,
    ...VINTAGED,
  });
}

/** Hashes the area once per area object (pass a stable reference, e.g. from the store). */
export function useAreaSummary(
  vintage: string | null,
  area: AreaGeometry | null,
  fields: readonly string[],
  nocat: boolean,
  at?: SummaryAt,
) {
  const client = useQueryClient();
  const areaHash = useMemo(() => (area ? hashJson(area) : ''), [area]);
  const options = areaSummaryQueryOptions(vintage, area, fields, nocat, areaHash, at);
  const progressKey = summarizeKeys.progress(vintage ?? '', areaHash, fields, nocat, atKey(at));
  const progress = useQuery(progressQueryOptions(progressKey)).data ?? null;
  const query = useQuery(options);
  return {
    ...query,
    progress: query.isFetching ? progress : null,
    cancel: () => void client.cancelQueries({ queryKey: options.queryKey, exact: true }),
  };
}
