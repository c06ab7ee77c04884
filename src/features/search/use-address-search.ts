// The search box's data. The debounced text is classified first (classify-query.ts), and each
// kind asks only the operation that can answer it: an address → match, an id → translate, a
// ZIP code or a name (town, street) → places, coordinates → nothing (the map locates them
// once chosen). Each text has its own query key, so when the text moves on the older request
// loses its observer and TanStack aborts it through the AbortSignal the client passes to fetch.
import { vintageLabel } from '../../lib/vintage';
import { useMatch } from '../../queries/use-match';
import { useCapabilities } from '../../queries/use-capabilities';
import { usePlaces } from '../../queries/use-places';
import { useTranslate } from '../../queries/use-translate';
import { useAppStore } from '../../state/store';
import { classifyQuery, type SearchQuery } from './classify-query';
import { otherIdKind } from './pasted-id';
import * as text from './search-options';
import type { SearchOption } from './search-options';
import { useDebouncedValue } from './use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 250;

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  /** Nothing to offer, and what to do next. */
  | { status: 'message'; message: string }
  | { status: 'options'; options: SearchOption[]; note: string | null };

interface Answer<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** Loading, error, or the answer once it is for the text shown (not a placeholder). */
function settle<T>(answer: Answer<T>, typing: boolean): SearchState | T {
  if (answer.status === 'error') {
    return { status: 'error', error: answer.error, retry: () => void answer.refetch() };
  }
  if (answer.status === 'pending' || answer.isPlaceholderData || typing)
    return { status: 'loading' };
  return answer.data as T;
}

const isState = (x: unknown): x is SearchState =>
  typeof x === 'object' && x !== null && 'status' in x && typeof x.status === 'string';

export function useAddressSearch(raw: string): { state: SearchState; query: SearchQuery } {
  const vintage = useAppStore((s) => s.fabricVintage);
  const settled = useDebouncedValue(raw, SEARCH_DEBOUNCE_MS);
  const query = classifyQuery(settled);
  const typing = raw.trim() !== settled.trim();
  const match = useMatch(vintage, query.kind === 'address' ? query.text : '');
  const idKind = query.kind === 'id' ? query.id.kind : 'location_id';
  const translate = useTranslate(
    vintage,
    idKind,
    otherIdKind(idKind),
    query.kind === 'id' ? query.id.id : null,
  );
  // Places is this project's own operation: a backend without it is never asked.
  const placesOffered = useCapabilities().views.places;
  const places = usePlaces(
    placesOffered ? vintage : null,
    query.kind === 'zip' ? query.zip : query.kind === 'name' ? query.text : '',
  );
  const label = vintage ? vintageLabel(vintage, 'long') : 'selected';
  const result = (state: SearchState) => ({ state, query });

  if (classifyQuery(raw).kind === 'none') return result({ status: 'idle' });
  switch (query.kind) {
    case 'none':
      return result(typing ? { status: 'loading' } : { status: 'idle' });
    case 'coordinates':
      return result({
        status: 'options',
        options: [text.pointOption(query.lat, query.lng, query.lngFirst)],
        note: null,
      });
    case 'bad-coordinates':
      return result({ status: 'message', message: text.badCoordinatesText(query.message) });
    case 'number':
      return result({ status: 'message', message: text.numberText(query.digits) });
    case 'id': {
      const answer = settle(translate, typing);
      if (isState(answer)) return result(answer);
      const options = text.idOptions(query.id, answer);
      return result(
        options.length
          ? { status: 'options', options, note: null }
          : { status: 'message', message: text.noIdText(query.id, label) },
      );
    }
    case 'address': {
      if (!vintage) return result({ status: 'loading' });
      // Earlier suggestions stay on screen (placeholder data) while the next answer loads.
      if (match.data && match.data.locations.length > 0) {
        return result({
          status: 'options',
          options: text.matchOptions(match.data.locations),
          note: null,
        });
      }
      const answer = settle({ ...match, isPlaceholderData: match.isFetching }, typing);
      if (isState(answer)) return result(answer);
      return result({ status: 'message', message: text.noMatchText(query.text) });
    }
    case 'zip':
    case 'name': {
      if (!placesOffered) {
        return result({ status: 'message', message: text.placesUnsupportedText(query.kind) });
      }
      if (places.data && places.isPlaceholderData && places.data.places.length > 0) {
        return result({ status: 'options', options: text.placesOptions(places.data), note: null });
      }
      const answer = settle(places, typing);
      if (isState(answer)) return result(answer);
      const options = text.placesOptions(answer);
      if (options.length > 0) {
        return result({ status: 'options', options, note: text.placesNote(answer) });
      }
      const message =
        query.kind === 'zip'
          ? text.noZipText(query.zip, label)
          : text.noPlaceText(query.text, label);
      return result({ status: 'message', message });
    }
  }
}
