// Camera moves asked for by a part of the app, not by a gesture on the map (the search box in
// the top bar): to a point, at least as close as `minZoom`, or to a box, no closer than
// `maxZoom`. The map's padding (map-cover.ts) makes the point or box land in the part no
// panel covers. A flight asked before the map has loaded is flown once it has.
import { useCallback, useEffect, useRef } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useMapInstance } from './map-context';
import { fitBox } from './map-cover';

export type Flight =
  | { kind: 'point'; lng: number; lat: number; minZoom: number }
  | { kind: 'bounds'; bbox: [number, number, number, number]; maxZoom: number };

function fly(map: MapLibreMap, flight: Flight): void {
  if (flight.kind === 'point') {
    map.flyTo({
      center: [flight.lng, flight.lat],
      zoom: Math.max(map.getZoom(), flight.minZoom),
    });
    return;
  }
  // Kept whole in the part left uncovered, also when a panel opens beside it (map-cover.ts).
  fitBox(map, flight.bbox, { maxZoom: flight.maxZoom });
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
