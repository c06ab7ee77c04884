import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getFields } from '../api/fabric';
import { fabricKeys } from './keys';
import { VINTAGED } from './query-client';

/** Field definitions of a layer (the area summary's field picker); waits for a vintage. */
export function fieldsQueryOptions(vintage: string | null | undefined, layer = 'locations') {
  return queryOptions({
    queryKey: fabricKeys.fields(vintage ?? '', layer),
    queryFn: vintage ? ({ signal }) => getFields(vintage, layer, signal) : skipToken,
    ...VINTAGED,
  });
}

export function useFields(vintage: string | null | undefined, layer = 'locations') {
  return useQuery(fieldsQueryOptions(vintage, layer));
}
