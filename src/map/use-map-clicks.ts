// Routes map clicks into the store and keeps the cursor honest about what a click will do.
// From the keyboard, Enter or Space on the focused map acts on its centre as a click would
// (MapLibre's own keys pan and zoom it; MapView draws a cross there while it has focus).
import { useEffect } from 'react';
import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { cellAtPoint } from '../lib/geo/h3';
import { useAppStore } from '../state/store';
import { LAYER } from './ids';
import { routeClick } from './route-click';

/** The element that tells keyboard users what the map's keys do (MapView renders it). */
export const MAP_KEYS_ID = 'map-keys';

export function useMapClicks(map: MapLibreMap | null): void {
  useEffect(() => {
    if (!map) return;
    const actAt = ({ lng, lat }: { lng: number; lat: number }) => {
      const state = useAppStore.getState();
      const action = routeClick({
        mode: state.mode,
        mobileLayerOn: state.layers.mobileCoverage,
        zoom: map.getZoom(),
      });
      if (action.kind === 'hex') state.selectHex(cellAtPoint(lng, lat));
      else if (action.kind === 'point') state.selectPoint(lng, lat);
    };
    const onClick = (event: MapMouseEvent) => actAt(event.lngLat);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      event.preventDefault();
      actAt(map.getCenter());
    };
    const canvas = map.getCanvas();
    canvas.setAttribute('aria-describedby', MAP_KEYS_ID);
    const onMove = (event: MapMouseEvent) => {
      const state = useAppStore.getState();
      if (state.mode === 'draw') return;
      const hexes = routeClick({
        mode: state.mode,
        mobileLayerOn: state.layers.mobileCoverage,
        zoom: map.getZoom(),
      });
      const overDot =
        map.getLayer(LAYER.locationDot) !== undefined &&
        map.queryRenderedFeatures(event.point, { layers: [LAYER.locationDot] }).length > 0;
      map.getCanvas().style.cursor = hexes.kind === 'hex' || overDot ? 'pointer' : '';
    };
    map.on('click', onClick);
    map.on('mousemove', onMove);
    canvas.addEventListener('keydown', onKeyDown);
    return () => {
      map.off('click', onClick);
      map.off('mousemove', onMove);
      canvas.removeEventListener('keydown', onKeyDown);
    };
  }, [map]);
}
