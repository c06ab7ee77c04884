// An area asked of an operation that counts at most maxcount locations per request: one
// request when it fits, otherwise the split run of pipelines/summary-split-run.ts (parts under
// maxcount, at most 4 in flight, merged exactly), with progress and Cancel. A backend that
// counts an area ahead (capabilities' `count`) is asked first, so a part past maxcount is split
// before it is sent; otherwise the service's 422 tells the count. The custom summary
// (use-area-summary.ts) and the report (use-area-report.ts) are both asked this way.
import {
  queryOptions,
  skipToken,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { countArea } from '../api/area-count';
import { maxcountExceeded } from '../api/fabricext';
import type { AreaGeometry } from '../lib/geo/area-geojson';
import { hashJson } from '../lib/hash';
import {
  runSplit,
  type CountPart,
  type PartOutcome,
  type SplitProgress,
  type SplitRunResult,
  type SummarizePart,
} from '../pipelines/summary-split-run';
import { VINTAGED } from './query-client';

/** Runs the split over the query's area: each part asked by `part`, the answers merged. */
export type SplitRunner = <T>(
  part: SummarizePart<T>,
  merge: (parts: T[]) => T,
) => Promise<SplitRunResult<T>>;

export interface SplitAreaQuery<Answer> {
  queryKey: QueryKey;
  /** Where the run's progress is kept while it runs (null when the area fitted whole). */
  progressKey: QueryKey;
  area: AreaGeometry | null;
  /** The query's work given the runner; null while something it needs is missing. */
  run: ((split: SplitRunner) => Promise<Answer>) | null;
  /** Each part's count before it is asked; null when the backend does not count ahead. */
  count?: CountPart | null;
}

/** The answer, and how long the whole run took. */
export type Timed<Answer> = Answer & { elapsedMs: number };

/** One part asked of the service: a 422 maxcount_exceeded is an outcome, not an error. */
export async function partOutcome<T>(ask: () => Promise<T>): Promise<PartOutcome<T>> {
  try {
    return { ok: true, result: await ask() };
  } catch (error) {
    const exceeded = maxcountExceeded(error);
    if (!exceeded) throw error;
    return { ok: false, ...exceeded };
  }
}

/**
 * The count a part is split ahead by: its locations in each fabric vintage given, summed (an
 * upper bound of a comparison's locations in either release, which the service weighs).
 */
export function countInVintages(vintages: readonly string[]): CountPart {
  return async (area, signal) => {
    const counts = await Promise.all(vintages.map((v) => countArea(v, area, signal)));
    const locationcount = counts.reduce((sum, c) => sum + c.locationcount, 0);
    return { locationcount, maxcount: Math.min(...counts.map((c) => c.maxcount)) };
  };
}

/**
 * The split run's progress is server state like its answer, so it lives in the query cache
 * under its own key rather than in the UI store: the panel and the map layer observe the same
 * run, and whichever mounted first runs the query function that writes it.
 */
export function splitAreaQueryOptions<Answer>({
  queryKey,
  progressKey,
  area,
  run,
  count,
}: SplitAreaQuery<Answer>) {
  return queryOptions({
    queryKey,
    queryFn:
      area && run
        ? async ({ signal, client }): Promise<Timed<Answer>> => {
            const started = performance.now();
            const report = (p: SplitProgress | null) => client.setQueryData(progressKey, p);
            report(null);
            const split: SplitRunner = (part, merge) =>
              runSplit({
                area,
                signal,
                concurrency: 4,
                count: count ?? undefined,
                part,
                merge,
                // Progress only matters once the area had to be split.
                onProgress: (p) => report(p.total > 1 ? p : null),
              });
            try {
              return { ...(await run(split)), elapsedMs: performance.now() - started };
            } finally {
              report(null);
            }
          }
        : skipToken,
    ...VINTAGED,
  });
}

/** Hashes the area once per area object (pass a stable reference, e.g. from the store). */
export function useAreaHash(area: AreaGeometry | null): string {
  return useMemo(() => (area ? hashJson(area) : ''), [area]);
}

export function useSplitAreaQuery<Answer>(ask: SplitAreaQuery<Answer>) {
  const client = useQueryClient();
  const progress = useQuery(
    queryOptions<SplitProgress | null>({ queryKey: ask.progressKey, queryFn: skipToken }),
  ).data;
  const query = useQuery(splitAreaQueryOptions(ask));
  return {
    ...query,
    progress: query.isFetching ? (progress ?? null) : null,
    cancel: () => void client.cancelQueries({ queryKey: ask.queryKey, exact: true }),
  };
}
