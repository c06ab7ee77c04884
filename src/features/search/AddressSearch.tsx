// The "Search address" combobox (WAI-ARIA combobox with a listbox popup). What a planner types
// is read first (classify-query.ts): an address gets match suggestions, a pasted location_id or
// uuid its location through translate, coordinates a point to locate as a map click does, and a
// town, ZIP code, street, county or state the places they name (a street with its addresses).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { lazyPart } from '../../components/lazy-part';
import { useFlyTo, type Flight } from '../../map/fly-to';
import { useAppStore } from '../../state/store';
import { parsePastedId } from './pasted-id';
import { SearchPopup } from './SearchPopup';
import type { AreaOffer, SearchOption, SearchTarget } from './search-options';
import { useAddressSearch } from './use-address-search';
import { withProviders } from './provider-options';
import { useProviderOptions } from './use-provider-options';
import './address-search.css';

const FLY_ZOOM = 17;

// "Use as area" after a town, ZIP code, county or state is chosen: fetched when the box is
// first focused, so it is there by the time a place is chosen.
const PlaceAreaOffer = lazyPart(
  'the offer to keep the place as an area',
  async () => (await import('./PlaceAreaOffer')).PlaceAreaOffer,
);

/** Where the map flies for a choice; none for an id (the location layer shows it). */
function flightTo(target: SearchTarget): Flight | null {
  if (target.kind === 'provider') return null;
  if (target.kind === 'area') return { kind: 'bounds', bbox: target.bbox, maxZoom: target.maxZoom };
  if (target.lng === null || target.lat === null) return null;
  return { kind: 'point', lng: target.lng, lat: target.lat, minZoom: FLY_ZOOM };
}

export function AddressSearch() {
  const ids = { listbox: useId(), status: useId(), option: useId() };
  const flyTo = useFlyTo();
  const selectLocation = useAppStore((s) => s.selectLocation);
  const selectPoint = useAppStore((s) => s.selectPoint);
  const clearSelection = useAppStore((s) => s.clearSelection);
  const setFixedFilters = useAppStore((s) => s.setFixedFilters);
  const selection = useAppStore((s) => s.selection);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The label shown after a choice, so clearing the selection elsewhere also clears the box.
  const [chosen, setChosen] = useState<{ id: number; label: string } | null>(null);
  const pastedId = useRef<string | null>(null);
  // A town, ZIP code, county or state just chosen, which may become an area.
  const [placeOffer, setPlaceOffer] = useState<AreaOffer | null>(null);
  // Closed, the box asks nothing: a chosen label is not searched again.
  const search = useAddressSearch(open ? text : '');
  const query = search.query;
  const state = withProviders(search.state, useProviderOptions(open ? text : ''));
  const pasted = query.kind === 'id' ? query.id : null;
  const options = state.status === 'options' ? state.options : [];
  const expanded = open && options.length > 0;

  const choose = (option: SearchOption) => {
    const { target, label } = option;
    // A location is selected; a point is located as a map click is (app/use-workflows.ts); an
    // area is only flown to.
    if (target.kind === 'location') selectLocation(target.locationId);
    if (target.kind === 'point') selectPoint(target.lng, target.lat);
    // A provider re-shades the map to its claims; the filters card names it.
    if (target.kind === 'provider') setFixedFilters({ provider: target.providerId });
    const flight = flightTo(target);
    if (flight) flyTo(flight);
    setText(target.kind === 'provider' ? '' : label);
    setChosen(target.kind === 'location' ? { id: target.locationId, label } : null);
    setPlaceOffer(target.kind === 'area' ? target.offer : null);
    // A street chosen among several: its name and town are searched next, for its addresses.
    setOpen(target.kind === 'area' && target.street);
    setActive(-1);
    pastedId.current = null;
  };

  // A pasted id selects its location as soon as translate confirms it, without Enter.
  const first = options[0];
  useEffect(() => {
    if (first && pasted && pastedId.current === pasted.id) choose(first);
    // choose is recreated every render; the trigger is the answer for the pasted id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first, pasted?.id]);

  const selectedId = selection.kind === 'location' ? selection.locationId : null;
  useEffect(() => {
    if (chosen && selectedId !== chosen.id) {
      setChosen(null);
      setText((t) => (t === chosen.label ? '' : t));
    }
  }, [selectedId, chosen]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) setOpen(true);
        if (options.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) =>
          i < 0 && step < 0 ? options.length - 1 : (i + step + options.length) % options.length,
        );
        return;
      }
      case 'Enter': {
        const option = options[active] ?? (expanded ? options[0] : undefined);
        if (option) {
          event.preventDefault();
          choose(option);
        } else if (text.trim()) {
          setOpen(true);
        }
        return;
      }
      case 'Escape':
        // First Esc closes the list, the next clears the text, the last clears the selection.
        event.preventDefault();
        if (open && text.trim()) setOpen(false);
        else if (text) setText('');
        else clearSelection();
        setActive(-1);
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  };

  return (
    <div className="address-search">
      <div className="address-search__field">
        <input
          type="text"
          role="combobox"
          aria-label="Search address"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={ids.listbox}
          aria-activedescendant={expanded && active >= 0 ? `${ids.option}-${active}` : undefined}
          aria-describedby={ids.status}
          placeholder="Address, town, ZIP or lat, lng  ( / )"
          title="Type an address, a street, a town, a ZIP code or a latitude, longitude, or paste a location ID or UUID. Press / to get here."
          autoComplete="off"
          spellCheck={false}
          className="address-search__input"
          value={text}
          onChange={(e) => {
            setPlaceOffer(null);
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onPaste={(e) => {
            pastedId.current = parsePastedId(e.clipboardData.getData('text'))?.id ?? null;
          }}
          onFocus={() => {
            PlaceAreaOffer.preload();
            if (text.trim() && !chosen) setOpen(true);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {text && (
          <button
            type="button"
            className="address-search__clear"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              setOpen(false);
            }}
          >
            ×
          </button>
        )}
      </div>
      {placeOffer && !open && (
        // The frame is here, over the map below the box, so the line shown while the offer's
        // code loads takes no room in the top bar either.
        <div
          className="address-search__offer"
          role="group"
          aria-label={`Use ${placeOffer.name} as an area`}
        >
          <PlaceAreaOffer offer={placeOffer} onDone={() => setPlaceOffer(null)} />
        </div>
      )}
      <SearchPopup
        open={open}
        state={state}
        ids={ids}
        active={active}
        onChoose={choose}
        onHover={setActive}
      />
    </div>
  );
}
