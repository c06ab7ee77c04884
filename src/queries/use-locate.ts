import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { locate } from '../api/fabricext';
import { locateKeys } from './keys';
import { VINTAGED } from './query-client';

export interface LocatePoint {
  lng: number;
  lat: number;
}

export interface LocateDistances {
  parceldistancem: number;
  neardistancem: number;
}

/**
 * A map click → `[]` or the one location meant by it. Each click has its own key, so when a
 * new click replaces the point the previous request loses its observer and is aborted.
 */
export function locateQueryOptions(
  vintage: string | null | undefined,
  point: LocatePoint | null | undefined,
  distances: LocateDistances,
) {
  const { parceldistancem, neardistancem } = distances;
  return queryOptions({
    queryKey: locateKeys.point(
      vintage ?? '',
      point?.lat ?? 0,
      point?.lng ?? 0,
      parceldistancem,
      neardistancem,
    ),
    queryFn:
      vintage && point
        ? ({ signal }) =>
            locate(
              vintage,
              { latitude: point.lat, longitude: point.lng, parceldistancem, neardistancem },
              signal,
            )
        : skipToken,
    ...VINTAGED,
  });
}

export function useLocate(
  vintage: string | null | undefined,
  point: LocatePoint | null | undefined,
  distances: LocateDistances,
) {
  return useQuery(locateQueryOptions(vintage, point, distances));
}
