import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFabricVintages } from '../api/fabric';
import { fabricKeys } from './keys';
import { SLOW_CHANGING } from './query-client';

/** Fabric vintages, oldest first; also turns the release numbers of history into vintages. */
export function fabricVintagesQueryOptions() {
  return queryOptions({
    queryKey: fabricKeys.vintages(),
    queryFn: ({ signal }) => getFabricVintages(signal),
    ...SLOW_CHANGING,
  });
}

export function useFabricVintages() {
  return useQuery(fabricVintagesQueryOptions());
}
