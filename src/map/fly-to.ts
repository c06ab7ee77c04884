// Camera moves asked for by a part of the app, not by a gesture on the map (the search box in
// the top bar): to a point, at least as close as `minZoom`, or to a box, no closer than
// `maxZoom`. The map's padding (map-cover.ts) makes the point or box land in the part no
// panel covers. A flight asked before the map has loaded is flown once it has.
import { useCallback, useEffect, useRef } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useMapInstance } from './map-context';

export type Flight =
  | { kind: 'point'; lng: number; lat: number; minZoom: number }
  | { kind: 'bounds'; bbox: [number, number, number, number]; maxZoom: number };

/** Room kept around a box flown to, in pixels. */
const BOUNDS_PADDING = 48;

function fly(map: MapLibreMap, flight: Flight): void {
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
}

/** Flies the map now, or once it has loaded (only the latest flight asked waits). */
export function useFlyTo(): (flight: Flight) => void {
  const map = useMapInstance();
  const waiting = useRef<Flight | null>(null);
  useEffect(() => {
    if (!map || !waiting.current) return;
    fly(map, waiting.current);
    waiting.current = null;
  }, [map]);
  return useCallback(
    (flight: Flight) => {
      if (map) fly(map, flight);
      else waiting.current = flight;
    },
    [map],
  );
}
