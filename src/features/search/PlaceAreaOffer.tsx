// After a town or ZIP code is chosen in the search: "Use as area" keeps its extent as an area
// and opens it in Draw mode. The extent is the places operation's outline, the hull of the
// place's fabric locations (not its legal boundary), and the offer says so.
import type { Polygon } from 'geojson';
import { addOrSelectArea } from '../../state/area-link';
import { useAppStore } from '../../state/store';

export interface PlaceOutline {
  name: string;
  geometry: Polygon;
}

export function PlaceAreaOffer({ place, onDone }: { place: PlaceOutline; onDone: () => void }) {
  const use = () => {
    const state = useAppStore.getState();
    const id = addOrSelectArea(state, {
      name: place.name,
      geometry: place.geometry,
      source: 'place',
    });
    state.setMode('draw');
    state.announceArea(
      id,
      `${place.name} is now an area: the extent of its fabric locations, not its legal boundary.`,
    );
    onDone();
  };
  return (
    <div className="address-search__offer" role="group" aria-label={`Use ${place.name} as an area`}>
      <p>
        The extent of {place.name}: the outline around its fabric locations (not its legal
        boundary). It may also hold locations of its neighbours, so its report can count more
        locations than the search lists for {place.name}.
      </p>
      <button type="button" className="button button--primary" onClick={use}>
        Use as area
      </button>
      <button type="button" className="button button--ghost" aria-label="Dismiss" onClick={onDone}>
        ×
      </button>
    </div>
  );
}
