// The compare layer's source and layer, added when a comparison is on and followed: a vintage
// change swaps the tile URL, a filter change only the layer's colour and filter (no fetch).
import { useEffect } from 'react';
import type { Map as MapLibreMap, VectorTileSource } from 'maplibre-gl';
import type { FixedFilters } from '../../../shared/fixed-status';
import { LAYER, SOURCE } from '../../map/ids';
import type { Side } from './change-expression';
import { changeLayer, changePaint } from './compare-styles';

export function useChangeLayer(
  map: MapLibreMap | null,
  url: string | null,
  filters: FixedFilters,
  earlier: Side,
  attribution: string,
): void {
  useEffect(() => {
    if (!map) return;
    const remove = () => {
      if (map.getLayer(LAYER.fixedChange)) map.removeLayer(LAYER.fixedChange);
      if (map.getSource(SOURCE.fixedChange)) map.removeSource(SOURCE.fixedChange);
    };
    if (!url) {
      remove();
      return;
    }
    const source = map.getSource<VectorTileSource>(SOURCE.fixedChange);
    if (source) {
      if (source.tiles?.[0] !== url) source.setTiles([url]);
      return;
    }
    map.addSource(SOURCE.fixedChange, {
      type: 'vector',
      tiles: [url],
      minzoom: 13,
      maxzoom: 16,
      attribution,
    });
    const before = map.getLayer(LAYER.buildingTypeSlot) ? LAYER.buildingTypeSlot : undefined;
    map.addLayer(changeLayer(filters, earlier), before);
    // The filters, order and attribution at the time of adding; the effect below follows the first two.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, url]);

  useEffect(() => {
    if (!map || !url || !map.getLayer(LAYER.fixedChange)) return;
    const { colour, filter } = changePaint(filters, earlier);
    map.setFilter(LAYER.fixedChange, filter);
    map.setPaintProperty(LAYER.fixedChange, 'circle-stroke-color', colour);
  }, [map, url, filters, earlier]);

  useEffect(() => {
    if (!map) return;
    return () => {
      if (!map.style) return;
      if (map.getLayer(LAYER.fixedChange)) map.removeLayer(LAYER.fixedChange);
      if (map.getSource(SOURCE.fixedChange)) map.removeSource(SOURCE.fixedChange);
    };
  }, [map]);
}
