import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getFixedCoverage } from '../api/coverage';
import { coverageKeys } from './keys';
import { VINTAGED } from './query-client';

/** Fixed broadband records at a location for a coverage vintage. */
export function fixedCoverageQueryOptions(
  coverageVintage: string | null | undefined,
  locationId: number | null | undefined,
) {
  return queryOptions({
    queryKey: coverageKeys.fixed(coverageVintage ?? '', locationId ?? 0),
    queryFn:
      coverageVintage && locationId != null
        ? ({ signal }) => getFixedCoverage(coverageVintage, locationId, signal)
        : skipToken,
    ...VINTAGED,
  });
}

export function useFixedCoverage(
  coverageVintage: string | null | undefined,
  locationId: number | null | undefined,
) {
  return useQuery(fixedCoverageQueryOptions(coverageVintage, locationId));
}
