// The search box's data: debounced text → match suggestions, or a pasted id → translate.
// Each text has its own query key, so when the text moves on the older request loses its
// observer and TanStack aborts it through the AbortSignal the client passes to fetch.
import { useAppStore } from '../../state/store';
import { isSearchableText, useMatch } from '../../queries/use-match';
import { useTranslate } from '../../queries/use-translate';
import { otherIdKind, parsePastedId, type PastedId } from './pasted-id';
import { idOptions, matchOptions, type SearchOption } from './search-options';
import { useDebouncedValue } from './use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 250;

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'empty'; pasted: PastedId | null; text: string }
  | { status: 'options'; options: SearchOption[] };

export function useAddressSearch(text: string): { state: SearchState; pasted: PastedId | null } {
  const vintage = useAppStore((s) => s.fabricVintage);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const pasted = parsePastedId(settled);
  // Ids go to translate only, addresses to match only: a 10-digit number is never an address.
  const match = useMatch(vintage, pasted ? '' : settled);
  const translate = useTranslate(
    vintage,
    pasted?.kind ?? 'location_id',
    otherIdKind(pasted?.kind ?? 'location_id'),
    pasted?.id ?? null,
  );
  const typing = text.trim() !== settled.trim();

  if (pasted) {
    if (translate.status === 'error') {
      return {
        pasted,
        state: { status: 'error', error: translate.error, retry: () => void translate.refetch() },
      };
    }
    if (translate.status === 'pending' || typing) return { pasted, state: { status: 'loading' } };
    const options = idOptions(pasted, translate.data);
    return {
      pasted,
      state: options.length
        ? { status: 'options', options }
        : { status: 'empty', pasted, text: settled },
    };
  }
  if (!isSearchableText(text) || !vintage) return { pasted, state: { status: 'idle' } };
  if (match.status === 'error') {
    return {
      pasted,
      state: { status: 'error', error: match.error, retry: () => void match.refetch() },
    };
  }
  // Earlier suggestions stay on screen (placeholder data) while the next answer loads.
  if (match.data && match.data.locations.length > 0) {
    return { pasted, state: { status: 'options', options: matchOptions(match.data.locations) } };
  }
  if (match.status === 'pending' || match.isPlaceholderData || match.isFetching || typing) {
    return { pasted, state: { status: 'loading' } };
  }
  return { pasted, state: { status: 'empty', pasted: null, text: settled } };
}
