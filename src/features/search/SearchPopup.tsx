// The popup under the search box: the suggestion listbox, or a status that says what to do.
// The listbox is the combobox's popup and the one part that scrolls; the option the arrow keys
// make active (aria-activedescendant on the input) is scrolled into view.
import { useEffect, useRef } from 'react';
import { isApiError } from '../../api/api-error';
import type { SearchOption } from './search-options';
import type { SearchState } from './use-address-search';

interface Props {
  open: boolean;
  state: SearchState;
  ids: { listbox: string; status: string; option: string };
  active: number;
  onChoose: (option: SearchOption) => void;
  onHover: (index: number) => void;
}

export function SearchPopup({ open, state, ids, active, onChoose, onHover }: Props) {
  const shown = open && state.status !== 'idle';
  const options = shown && state.status === 'options' ? state.options : [];
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    // jsdom has no layout, so no scrollIntoView.
    list.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  return (
    <div className="address-search__popup" hidden={!shown}>
      {/* Always in the DOM: aria-controls must point at an element. */}
      <ul
        ref={list}
        id={ids.listbox}
        role="listbox"
        aria-label="Address suggestions"
        className="address-search__list"
      >
        {options.map((option, index) => (
          <li
            key={option.key}
            id={`${ids.option}-${index}`}
            role="option"
            aria-selected={index === active}
            className="address-search__option"
            // Keep focus in the input so the click is not lost to its blur.
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => index !== active && onHover(index)}
            onClick={() => onChoose(option)}
          >
            <span className="address-search__primary">{option.primary}</span>
            <span className="address-search__secondary">{option.secondary}</span>
            {option.badge !== null && <span className="address-search__badge">{option.badge}</span>}
          </li>
        ))}
      </ul>
      <div id={ids.status} role="status" className="address-search__status">
        {shown && state.status === 'loading' && <p className="address-search__muted">Searching…</p>}
        {shown && state.status === 'message' && <p>{state.message}</p>}
        {shown && state.status === 'options' && (
          <p className="visually-hidden">
            {state.options.length === 1 ? '1 suggestion' : `${state.options.length} suggestions`}
          </p>
        )}
        {shown && state.status === 'options' && state.note && (
          <p className="address-search__note">{state.note}</p>
        )}
      </div>
      {shown && state.status === 'error' && (
        <div className="address-search__error" role="alert">
          <p>
            Search failed.{' '}
            {isApiError(state.error) ? state.error.message : 'The service did not answer.'}
          </p>
          <button
            type="button"
            className="button"
            onMouseDown={(e) => e.preventDefault()}
            onClick={state.retry}
          >
            Retry
          </button>
        </div>
      )}
    </div>
  );
}
