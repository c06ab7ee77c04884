import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getMobileCoverage } from '../api/coverage';
import { coverageKeys } from './keys';
import { VINTAGED } from './query-client';

/** Mobile records of one H3 res-9 cell (the hexagon panel); many cells use the batched hook. */
export function mobileCoverageQueryOptions(
  coverageVintage: string | null | undefined,
  cell: string | null | undefined,
) {
  return queryOptions({
    queryKey: coverageKeys.mobile(coverageVintage ?? '', cell ?? ''),
    queryFn:
      coverageVintage && cell
        ? ({ signal }) => getMobileCoverage(coverageVintage, cell, signal)
        : skipToken,
    ...VINTAGED,
  });
}

export function useMobileCoverage(
  coverageVintage: string | null | undefined,
  cell: string | null | undefined,
) {
  return useQuery(mobileCoverageQueryOptions(coverageVintage, cell));
}
