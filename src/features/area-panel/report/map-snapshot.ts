// A picture of the map framed on the area, for the printed report. WebGL clears its drawing
// buffer after each frame, so the canvas is read inside a `render` event, in the frame that
// drew it: the first one after fitting the map to the area whose tiles are all loaded (or,
// past a few seconds, whichever frame comes next, rather than no picture at all).
import { bbox } from '@turf/turf';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MultiPolygon, Polygon } from 'geojson';

const PATIENCE_MS = 4000;

export function mapSnapshot(
  map: MapLibreMap | null,
  area: Polygon | MultiPolygon,
): Promise<string | null> {
  if (!map) return Promise.resolve(null);
  const started = performance.now();
  return new Promise((resolve) => {
    const onRender = () => {
      const ready = map.areTilesLoaded() && !map.isMoving();
      if (!ready && performance.now() - started < PATIENCE_MS) {
        map.triggerRepaint();
        return;
      }
      map.off('render', onRender);
      try {
        resolve(map.getCanvas().toDataURL('image/png'));
      } catch {
        resolve(null);
      }
    };
    map.on('render', onRender);
    const [w, s, e, n] = bbox(area);
    map.fitBounds([w, s, e, n], { padding: 32, maxZoom: 15, duration: 0 });
    map.triggerRepaint();
  });
}
