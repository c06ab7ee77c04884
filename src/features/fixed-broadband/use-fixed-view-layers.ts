// The fixed broadband locations of a view assembled from the published operations (a service
// without fixed tiles), drawn by the same status layers as the tiles: the GeoJSON source takes
// the tile source's id and the layers are fixedPointLayers without a source layer, so the rule
// (status-expression.ts), the legend counts and the tests read both alike. A filter change
// swaps the layers' filters only: the points carry both tier strings, nothing is fetched.
import { useEffect } from 'react';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { DEFAULT_FIXED_FILTERS, type FixedFilters } from '../../../shared/fixed-status';
import { LAYER, SOURCE } from '../../map/ids';
import type { FixedPoints } from '../../queries/use-fixed-view-locations';
import { STATUS_LAYERS, fixedPointLayers } from './fixed-styles';
import { statusFilter } from './status-expression';

/** `points` null: the source and layers are not on the map (the tiles draw, or the layer is off). */
export function useFixedViewLayers(
  map: MapLibreMap | null,
  points: FixedPoints | null,
  filters: FixedFilters,
): void {
  const enabled = points !== null;

  useEffect(() => {
    if (!map || !enabled) return;
    map.addSource(SOURCE.fixedLocations, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
    });
    const before = map.getLayer(LAYER.fixedSlot) ? LAYER.fixedSlot : undefined;
    const layers = fixedPointLayers(DEFAULT_FIXED_FILTERS);
    for (const layer of layers) map.addLayer(layer, before);
    return () => {
      if (!map.style) return;
      for (const layer of layers) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(SOURCE.fixedLocations)) map.removeSource(SOURCE.fixedLocations);
    };
  }, [map, enabled]);

  useEffect(() => {
    if (!map || !points) return;
    map.getSource<GeoJSONSource>(SOURCE.fixedLocations)?.setData(points);
  }, [map, points]);

  useEffect(() => {
    if (!map || !enabled) return;
    for (const { id, status } of STATUS_LAYERS) {
      if (map.getLayer(id)) map.setFilter(id, statusFilter(filters, status));
    }
  }, [map, enabled, filters]);
}
