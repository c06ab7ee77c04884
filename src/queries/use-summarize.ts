import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { summarizeArea, type SummarizeArea } from '../api/fabricext';
import { hashJson } from './hash';
import { summarizeKeys } from './keys';
import { VINTAGED } from './query-client';

/**
 * One summarize call for an area. A query rather than a mutation: the same area, fields and
 * vintage always give the same rows, so revisiting a summary is served from the cache. Past
 * maxcount it fails with ApiError `maxcount_exceeded` (see `maxcountExceeded`); the area panel
 * then splits the area and calls `summarizeArea` per part itself.
 */
export function summarizeQueryOptions(
  vintage: string | null | undefined,
  area: SummarizeArea | null | undefined,
  fields: readonly string[],
  nocat: boolean,
  areaHash: string = area ? hashJson(area) : '',
) {
  return queryOptions({
    queryKey: summarizeKeys.area(vintage ?? '', areaHash, fields, nocat),
    queryFn:
      vintage && area && fields.length > 0
        ? ({ signal }) => summarizeArea(vintage, area, fields, nocat, signal)
        : skipToken,
    ...VINTAGED,
  });
}

/** Hashes the area once per area object (pass a stable reference, e.g. from the store). */
export function useSummarize(
  vintage: string | null | undefined,
  area: SummarizeArea | null | undefined,
  fields: readonly string[],
  nocat: boolean,
) {
  const areaHash = useMemo(() => (area ? hashJson(area) : ''), [area]);
  return useQuery(summarizeQueryOptions(vintage, area, fields, nocat, areaHash));
}
