// The summary of one area: one summarize request when it fits, otherwise the split run
// (parts under maxcount, at most 4 in flight, merged exactly), with progress and Cancel.
import { hashKey, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { maxcountExceeded, summarizeArea } from '../../api/fabricext';
import type { AreaGeometry } from '../../lib/geo/area-geojson';
import {
  summarizeSplit,
  type SplitProgress,
  type SummarizePart,
} from '../../lib/summary-split-run';
import type { SummaryResult } from '../../lib/summary-merge';
import { hashJson } from '../../queries/hash';
import { summarizeKeys } from '../../queries/keys';
import { VINTAGED } from '../../queries/query-client';
import { useAppStore } from '../../state/store';

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
): SummarizePart {
  return async (area, signal) => {
    try {
      return { ok: true, result: await summarizeArea(vintage, area, fields, nocat, signal) };
    } catch (error) {
      const exceeded = maxcountExceeded(error);
      if (!exceeded) throw error;
      return { ok: false, ...exceeded };
    }
  };
}

/**
 * Split progress per summary query. The panel and the map layer observe the same query, and
 * whichever mounted first runs its query function, so progress cannot live in one component.
 */
const splitProgress = new Map<string, SplitProgress>();
const progressListeners = new Set<() => void>();

function setSplitProgress(key: string, progress: SplitProgress | null): void {
  if (progress) splitProgress.set(key, progress);
  else if (!splitProgress.delete(key)) return;
  for (const listener of progressListeners) listener();
}

function subscribeProgress(listener: () => void): () => void {
  progressListeners.add(listener);
  return () => progressListeners.delete(listener);
}

export function useAreaSummary(
  vintage: string | null,
  area: AreaGeometry | null,
  fields: readonly string[],
  nocat: boolean,
) {
  const client = useQueryClient();
  const areaHash = useMemo(() => (area ? hashJson(area) : ''), [area]);
  const queryKey = [
    ...summarizeKeys.area(vintage ?? '', areaHash, fields, nocat),
    'split',
  ] as const;
  const progressKey = hashKey(queryKey);
  const progress = useSyncExternalStore(
    subscribeProgress,
    useCallback(() => splitProgress.get(progressKey) ?? null, [progressKey]),
  );
  const query = useQuery({
    queryKey,
    queryFn:
      vintage && area && fields.length > 0
        ? async ({ signal }): Promise<AreaSummary> => {
            const started = performance.now();
            setSplitProgress(progressKey, null);
            try {
              const run = await summarizeSplit({
                area,
                fields,
                signal,
                concurrency: 4,
                summarize: partSummarizer(vintage, fields, nocat),
                // Progress only matters once the area had to be split.
                onProgress: (p) => setSplitProgress(progressKey, p.total > 1 ? p : null),
              });
              return { ...run, elapsedMs: performance.now() - started };
            } finally {
              setSplitProgress(progressKey, null);
            }
          }
        : skipToken,
    ...VINTAGED,
  });
  return {
    ...query,
    progress: query.isFetching ? progress : null,
    cancel: () => void client.cancelQueries({ queryKey }),
  };
}

/** The selected area's summary with the panel's fields; the panel and the map layer share it. */
export function useSelectedAreaSummary() {
  const vintage = useAppStore((s) => s.fabricVintage);
  const area = useAppStore((s) => s.areas.find((a) => a.id === s.selectedAreaId) ?? null);
  const fields = useAppStore((s) => s.summaryFields);
  const nocat = useAppStore((s) => s.summaryNocat);
  return {
    area,
    fields,
    nocat,
    summary: useAreaSummary(vintage, area?.geometry ?? null, fields, nocat),
  };
}
