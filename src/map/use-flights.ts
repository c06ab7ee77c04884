// Flies the map where something outside it asked (the store's `flight`: the search box lives in
// the top bar, outside MapView's context). Each request is flown once, when the map exists;
// the map's padding (map-cover.ts) makes the point or box land in the part no panel covers.
import { useEffect, useRef } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useAppStore } from '../state/store';

/** Room kept around a box flown to, in pixels. */
const BOUNDS_PADDING = 48;

export function useFlights(map: MapLibreMap | null): void {
  const flight = useAppStore((s) => s.flight);
  const flown = useRef(0);
  useEffect(() => {
    if (!map || !flight || flight.seq === flown.current) return;
    flown.current = flight.seq;
    if (flight.kind === 'point') {
      map.flyTo({
        center: [flight.lng, flight.lat],
        zoom: Math.max(map.getZoom(), flight.minZoom),
      });
      return;
    }
    const [w, s, e, n] = flight.bbox;
    map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: BOUNDS_PADDING, maxZoom: flight.maxZoom },
    );
  }, [map, flight]);
}
