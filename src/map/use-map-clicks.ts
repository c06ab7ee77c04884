// Routes map clicks (and Enter on the focused map, at its centre) into the store, or zooms in
// at county zoom, and keeps the cursor honest about what a click will do.
import { useEffect } from 'react';
import type { Map as MapLibreMap, MapGeoJSONFeature, MapMouseEvent, PointLike } from 'maplibre-gl';
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

type ScreenPoint = { x: number; y: number };

/** The location a drawn dot stands for: the fixed dots' feature id, the fabric dots' property. */
function dotLocationId(dot: MapGeoJSONFeature): number | undefined {
  const id = dot.id ?? dot.properties.location_id;
  return typeof id === 'number' ? id : undefined;
}

/** How far past a dot's drawn edge a click still counts as pointing at it. */
const DOT_SLOP_PX = 2;

export function useMapClicks(map: MapLibreMap | null): void {
  useEffect(() => {
    if (!map) return;
    /** The location dots drawn within a few pixels of `point` (a finger or a shaky hand). */
    const dotsAt = ({ x, y }: ScreenPoint) => {
      const dots = DOT_LAYERS.filter((id) => map.getLayer(id) !== undefined);
      if (dots.length === 0) return [];
      const box: [PointLike, PointLike] = [
        [x - DOT_SLOP_PX, y - DOT_SLOP_PX],
        [x + DOT_SLOP_PX, y + DOT_SLOP_PX],
      ];
      return map.queryRenderedFeatures(box, { layers: dots });
    };
    const overLocation = (point: ScreenPoint): boolean => dotsAt(point).length > 0;
    const actionAt = (point: ScreenPoint, over = overLocation(point)) => {
      const state = useAppStore.getState();
      return routeClick({
        mode: state.mode,
        mobileLayerOn: state.layers.mobileCoverage,
        zoom: map.getZoom(),
        overLocation: over,
      });
    };
    const actAt = (lngLat: { lng: number; lat: number }, point: ScreenPoint) => {
      const state = useAppStore.getState();
      const dots = dotsAt(point);
      const action = actionAt(point, dots.length > 0);
      // h3-js is fetched on the first hexagon click, not with the first view.
      if (action.kind === 'hex')
        import('../lib/geo/h3')
          .then((h3) => useAppStore.getState().selectHex(h3.cellAtPoint(lngLat.lng, lngLat.lat)))
          .catch((err: unknown) => console.warn('hexagon selection unavailable', err));
      else if (action.kind === 'point')
        state.selectPoint(lngLat.lng, lngLat.lat, dots.map(dotLocationId).find(Number.isFinite));
      else if (action.kind === 'zoom-in') map.easeTo({ center: lngLat, zoom: action.zoom });
    };
    const onClick = (event: MapMouseEvent) => actAt(event.lngLat, event.point);
    const onMove = (event: MapMouseEvent) => {
      if (useAppStore.getState().mode === 'draw') return;
      const over = overLocation(event.point);
      const action = actionAt(event.point, over);
      const pointing = action.kind === 'hex' || over;
      map.getCanvas().style.cursor =
        action.kind === 'zoom-in' ? 'zoom-in' : pointing ? 'pointer' : '';
    };
    map.on('click', onClick);
    map.on('mousemove', onMove);
    const offKeys = onCentreActivate(map, ({ lngLat, point }) => actAt(lngLat, point));
    return () => {
      map.off('click', onClick);
      map.off('mousemove', onMove);
      offKeys();
    };
  }, [map]);
}
