import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { findPlaces } from '../api/places';
import { placesKeys } from './keys';
import { VINTAGED } from './query-client';

export const PLACES_MAX = 10;

/**
 * Towns, ZIP codes and streets for a name without a house number (the reference service's
 * places). Like match, earlier answers stay while the next loads. A service without the
 * operation answers 404, which the retry policy does not repeat.
 */
export function placesQueryOptions(vintage: string | null | undefined, q: string) {
  const text = q.trim();
  const enabled = Boolean(vintage) && text.length >= 2;
  return queryOptions({
    queryKey: placesKeys.query(vintage ?? '', text, PLACES_MAX),
    queryFn:
      vintage && enabled
        ? ({ signal }) => findPlaces(vintage, text, PLACES_MAX, signal)
        : skipToken,
    placeholderData: enabled ? keepPreviousData : undefined,
    ...VINTAGED,
  });
}

export function usePlaces(vintage: string | null | undefined, q: string) {
  return useQuery(placesQueryOptions(vintage, q));
}
