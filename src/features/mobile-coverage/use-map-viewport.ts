// The map's settled view (zoom and bounds), updated when a move ends rather than on every
// frame: cells are computed and fetched for where the user stopped, not for where they passed.
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { LngLatBox } from '../../lib/geo/h3';

export interface MapViewport {
  zoom: number;
  bounds: LngLatBox;
}

function readViewport(map: MapLibreMap): MapViewport {
  const b = map.getBounds();
  return {
    zoom: map.getZoom(),
    bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
  };
}

/** Keeps one snapshot per settled view, so React sees a new object only after a move. */
function viewportStore(map: MapLibreMap | null) {
  let snapshot = map ? readViewport(map) : null;
  return {
    subscribe(notify: () => void) {
      if (!map) return () => {};
      const update = () => {
        snapshot = readViewport(map);
        notify();
      };
      map.on('moveend', update);
      // A resize (panel hidden, window grown) shows more cells without a move.
      map.on('resize', update);
      return () => {
        map.off('moveend', update);
        map.off('resize', update);
      };
    },
    get: () => snapshot,
  };
}

export function useMapViewport(map: MapLibreMap | null): MapViewport | null {
  const store = useMemo(() => viewportStore(map), [map]);
  const subscribe = useCallback((notify: () => void) => store.subscribe(notify), [store]);
  return useSyncExternalStore(subscribe, store.get);
}
