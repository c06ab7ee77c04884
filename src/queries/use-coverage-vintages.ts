import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCoverageVintages } from '../api/coverage';
import { coverageKeys } from './keys';
import { SLOW_CHANGING } from './query-client';

/** BDC coverage vintages (YYYYMM), oldest first. */
export function coverageVintagesQueryOptions() {
  return queryOptions({
    queryKey: coverageKeys.vintages(),
    queryFn: ({ signal }) => getCoverageVintages(signal),
    ...SLOW_CHANGING,
  });
}

export function useCoverageVintages() {
  return useQuery(coverageVintagesQueryOptions());
}
