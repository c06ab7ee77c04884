// The area report of one area at the picked vintages under the filters: one report request
// when the area fits under maxcount, otherwise the split run (as the summary does) with the
// parts' counts merged exactly, with progress and Cancel. With a release to compare with, the
// report carries what changed (the service weighs both fabrics' locations against maxcount).
import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fixedFiltersRecord, type FixedFilters } from '../../shared/fixed-status';
import { isApiError } from '../api/api-error';
import { maxcountExceeded } from '../api/fabricext';
import { reportArea, type AreaReport, type ComparedRelease } from '../api/report';
import type { AreaGeometry } from '../lib/geo/area-geojson';
import { hashJson } from '../lib/hash';
import { reportKeys } from './keys';
import { VINTAGED } from './query-client';
import { mergeReports } from '../pipelines/report-merge';
import { runSplit, type SplitProgress } from '../pipelines/summary-split-run';

export interface AreaReportRun {
  report: AreaReport;
  /** 1 when the area fitted in one request. */
  parts: number;
  elapsedMs: number;
  /**
   * Why the comparison could not be made (the service does not know the release compared
   * with, e.g. from a link made against other data); the report is then the area's alone.
   */
  changeProblem?: string;
}

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

export function areaReportQueryOptions(
  ask: ReportAsk,
  area: AreaGeometry | null,
  areaHash: string,
) {
  const { vintage, coverage, filters, compareWith = null } = ask;
  const key = [vintage ?? '', coverage ?? '', filtersKey(ask), areaHash] as const;
  const progressKey = reportKeys.progress(...key);
  return queryOptions({
    queryKey: reportKeys.area(...key),
    queryFn:
      vintage && coverage && area
        ? async ({ signal, client }): Promise<AreaReportRun> => {
            const started = performance.now();
            const progress = (p: SplitProgress | null) => client.setQueryData(progressKey, p);
            progress(null);
            const run = (compared: ComparedRelease | null) =>
              runSplit({
                area,
                signal,
                concurrency: 4,
                part: async (part, partSignal) => {
                  try {
                    const result = await reportArea(
                      vintage,
                      coverage,
                      filters,
                      part,
                      partSignal,
                      compared,
                    );
                    return { ok: true, result };
                  } catch (error) {
                    const exceeded = maxcountExceeded(error);
                    if (!exceeded) throw error;
                    return { ok: false, ...exceeded };
                  }
                },
                merge: mergeReports,
                onProgress: (p) => progress(p.total > 1 ? p : null),
              });
            const done = (r: Awaited<ReturnType<typeof run>>, changeProblem?: string) => ({
              report: r.result,
              parts: r.parts,
              elapsedMs: performance.now() - started,
              ...(changeProblem ? { changeProblem } : {}),
            });
            try {
              try {
                return done(await run(compareWith));
              } catch (error) {
                const problem = compareWith ? unknownComparedRelease(error) : null;
                if (!problem) throw error;
                return done(await run(null), problem);
              }
            } finally {
              progress(null);
            }
          }
        : skipToken,
    ...VINTAGED,
  });
}

/** Hashes the area once per area object (pass a stable reference, e.g. from the store). */
export function useAreaReport(ask: ReportAsk, area: AreaGeometry | null) {
  const client = useQueryClient();
  const areaHash = useMemo(() => (area ? hashJson(area) : ''), [area]);
  const options = areaReportQueryOptions(ask, area, areaHash);
  const progressKey = reportKeys.progress(
    ask.vintage ?? '',
    ask.coverage ?? '',
    filtersKey(ask),
    areaHash,
  );
  const progress = useQuery(
    queryOptions<SplitProgress | null>({ queryKey: progressKey, queryFn: skipToken }),
  ).data;
  const query = useQuery(options);
  return {
    ...query,
    progress: query.isFetching ? (progress ?? null) : null,
    cancel: () => void client.cancelQueries({ queryKey: options.queryKey, exact: true }),
  };
}
