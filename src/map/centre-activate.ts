// Enter or Space on the focused map acts on its centre: the keyboard's counterpart of a click
// there. MapLibre's own keys pan and zoom the map; MapView draws a cross at the centre and a
// line naming the keys (MAP_KEYS_ID, the canvas's description) while it has keyboard focus.
import type { LngLat, Map as MapLibreMap, Point } from 'maplibre-gl';

export const MAP_KEYS_ID = 'map-keys';

/** Calls `act` with the centre when Enter or Space is pressed on the map; returns the undo. */
export function onCentreActivate(
  map: MapLibreMap,
  act: (at: { lngLat: LngLat; point: Point }) => void,
): () => void {
  const canvas = map.getCanvas();
  canvas.setAttribute('aria-describedby', MAP_KEYS_ID);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    event.preventDefault();
    const lngLat = map.getCenter();
    act({ lngLat, point: map.project(lngLat) });
  };
  canvas.addEventListener('keydown', onKeyDown);
  return () => canvas.removeEventListener('keydown', onKeyDown);
}
