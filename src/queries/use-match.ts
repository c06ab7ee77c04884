import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { matchAddress } from '../api/fabricext';
import { matchKeys } from './keys';
import { VINTAGED } from './query-client';

/** Shorter input matches too much to be useful and would fire a request per keystroke. */
export const MATCH_MIN_LENGTH = 3;
export const MATCH_SUGGESTIONS = 10;

export function isSearchableText(text: string): boolean {
  return text.trim().length >= MATCH_MIN_LENGTH;
}

/**
 * Address suggestions. The search box debounces the text; while the next answer loads the
 * previous suggestions stay (placeholder) so the list does not flicker, but not once the
 * text is too short to search.
 */
export function matchQueryOptions(
  vintage: string | null | undefined,
  text: string,
  maxresults = MATCH_SUGGESTIONS,
) {
  const query = text.trim();
  const enabled = Boolean(vintage) && isSearchableText(query);
  return queryOptions({
    queryKey: matchKeys.text(vintage ?? '', query, maxresults),
    queryFn:
      vintage && enabled
        ? ({ signal }) => matchAddress(vintage, { text: query }, maxresults, signal)
        : skipToken,
    placeholderData: enabled ? keepPreviousData : undefined,
    ...VINTAGED,
  });
}

export function useMatch(vintage: string | null | undefined, text: string, maxresults?: number) {
  return useQuery(matchQueryOptions(vintage, text, maxresults));
}
