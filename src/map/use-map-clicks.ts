// Routes map clicks (and Enter on the focused map, at its centre) into the store and keeps the
// cursor honest about what a click will do.
import { useEffect } from 'react';
import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { useAppStore } from '../state/store';
import { onCentreActivate } from './centre-activate';
import { LAYER } from './ids';
import { routeClick } from './route-click';

/** Layers whose dots are locations a click selects (the cursor says so). */
const DOT_LAYERS = [
  LAYER.locationDot,
  LAYER.fixedServed,
  LAYER.fixedUnderserved,
  LAYER.fixedUnserved,
  LAYER.fixedNoOffers,
  LAYER.fixedNotInRelease,
  LAYER.fixedNotBsl,
];

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
      // h3-js is fetched on the first hexagon click, not with the first view.
      if (action.kind === 'hex')
        import('../lib/geo/h3')
          .then((h3) => useAppStore.getState().selectHex(h3.cellAtPoint(lng, lat)))
          .catch((err: unknown) => console.warn('hexagon selection unavailable', err));
      else if (action.kind === 'point') state.selectPoint(lng, lat);
    };
    const onClick = (event: MapMouseEvent) => actAt(event.lngLat);
    const onMove = (event: MapMouseEvent) => {
      const state = useAppStore.getState();
      if (state.mode === 'draw') return;
      const hexes = routeClick({
        mode: state.mode,
        mobileLayerOn: state.layers.mobileCoverage,
        zoom: map.getZoom(),
      });
      const dots = DOT_LAYERS.filter((id) => map.getLayer(id) !== undefined);
      const overDot =
        dots.length > 0 && map.queryRenderedFeatures(event.point, { layers: dots }).length > 0;
      map.getCanvas().style.cursor = hexes.kind === 'hex' || overDot ? 'pointer' : '';
    };
    map.on('click', onClick);
    map.on('mousemove', onMove);
    const offKeys = onCentreActivate(map, ({ lngLat }) => actAt(lngLat));
    return () => {
      map.off('click', onClick);
      map.off('mousemove', onMove);
      offKeys();
    };
  }, [map]);
}
