import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getLocationData } from '../api/fabric';
import { locationKeys } from './keys';
import { VINTAGED } from './query-client';

/** A location's base record (address, bsl flag, ...): `[]` when the id is not in the vintage. */
export function locationDataQueryOptions(
  vintage: string | null | undefined,
  locationId: number | null | undefined,
) {
  return queryOptions({
    queryKey: locationKeys.detail(vintage ?? '', locationId ?? 0),
    queryFn:
      vintage && locationId != null
        ? ({ signal }) => getLocationData(vintage, { location_id: locationId }, signal)
        : skipToken,
    ...VINTAGED,
  });
}

export function useLocationData(
  vintage: string | null | undefined,
  locationId: number | null | undefined,
) {
  return useQuery(locationDataQueryOptions(vintage, locationId));
}
