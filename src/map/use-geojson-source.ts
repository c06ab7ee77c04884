// One path for feature data onto the map: add the source and its layers once, push new data
// with setData only when it changed, and clean up on unmount.
import { useEffect, useRef } from 'react';
import type { GeoJSONSource, LayerSpecification } from 'maplibre-gl';
import type { GeoJSON } from 'geojson';
import { useMapInstance } from './map-context';

const EMPTY: GeoJSON = { type: 'FeatureCollection', features: [] };

/**
 * `layers` are read once, when the source is added: keep layer specs as module constants and
 * style by feature properties instead of swapping layers. `beforeId` is usually
 * OVERLAY_BEFORE_ID; when the style lacks it (an online basemap) the layers go on top.
 */
export function useGeoJsonSource(
  id: string,
  data: GeoJSON,
  layers: LayerSpecification[],
  beforeId?: string,
): void {
  const map = useMapInstance();
  const pushed = useRef<GeoJSON | null>(null);
  const initialLayers = useRef(layers);

  useEffect(() => {
    if (!map) return;
    map.addSource(id, { type: 'geojson', data: EMPTY });
    pushed.current = null;
    const before = beforeId && map.getLayer(beforeId) ? beforeId : undefined;
    const specs = initialLayers.current;
    for (const layer of specs) map.addLayer(layer, before);
    return () => {
      pushed.current = null;
      // The map may already be gone (MapView unmounted first); then there is nothing to undo.
      if (!map.style) return;
      for (const layer of specs) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(id)) map.removeSource(id);
    };
  }, [map, id, beforeId]);

  // Declared after the effect above, so on mount it runs second and fills the new source.
  useEffect(() => {
    if (!map || pushed.current === data) return;
    const source = map.getSource<GeoJSONSource>(id);
    if (!source) return;
    source.setData(data);
    pushed.current = data;
    // beforeId is not read here, but a change of it re-adds an empty source above; this effect
    // must then run again to fill it.
    // oxlint-disable-next-line react/exhaustive-effect-dependencies
  }, [map, id, data, beforeId]);
}
