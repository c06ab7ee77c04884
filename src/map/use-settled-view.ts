// The map's view once a move ends (zoom and bounds): what a layer asks for (mobile cells, the
// locations of a view) follows where the planner stopped, never every frame on the way.
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { LngLatBox } from '../lib/geo/h3';

export interface SettledView {
  zoom: number;
  bounds: LngLatBox;
}

function read(map: MapLibreMap): SettledView {
  const b = map.getBounds();
  return {
    zoom: map.getZoom(),
    bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
  };
}

/** Keeps one snapshot per settled view, so React sees a new object only after a move. */
function viewStore(map: MapLibreMap | null) {
  let snapshot = map ? read(map) : null;
  return {
    subscribe(notify: () => void) {
      if (!map) return () => {};
      const update = () => {
        snapshot = read(map);
        notify();
      };
      map.on('moveend', update);
      // A resize (panel shown or hidden, window changed) shows more or less without a move.
      map.on('resize', update);
      return () => {
        map.off('moveend', update);
        map.off('resize', update);
      };
    },
    get: () => snapshot,
  };
}

export function useSettledView(map: MapLibreMap | null): SettledView | null {
  const store = useMemo(() => viewStore(map), [map]);
  const subscribe = useCallback((notify: () => void) => store.subscribe(notify), [store]);
  return useSyncExternalStore(subscribe, store.get);
}
