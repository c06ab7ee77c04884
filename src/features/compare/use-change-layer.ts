// The compare layer's source and layer, added when a comparison is on and followed: a vintage
// change swaps the tile URL, a filter change (or a class shown or hidden) only the layer's
// paint and filter (no fetch).
import { useEffect } from 'react';
import type { Map as MapLibreMap, VectorTileSource } from 'maplibre-gl';
import type { ChangeClass } from '../../../shared/fixed-change';
import type { FixedFilters } from '../../../shared/fixed-status';
import { useFabricAttribution } from '../../map/use-fabric-attribution';
import { LAYER, SOURCE } from '../../map/ids';
import type { Side } from './change-expression';
import { changeLayer, changePaint } from './compare-styles';

export function useChangeLayer(
  map: MapLibreMap | null,
  url: string | null,
  filters: FixedFilters,
  earlier: Side,
  hidden: readonly ChangeClass[],
): void {
  const attribution = useFabricAttribution();
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
    map.addLayer(changeLayer(filters, earlier, hidden), before);
    // The filters and order at the time of adding; the effect below follows them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, url, attribution]);

  useEffect(() => {
    if (!map || !url || !map.getLayer(LAYER.fixedChange)) return;
    const { colour, opacity, filter } = changePaint(filters, earlier, hidden);
    map.setFilter(LAYER.fixedChange, filter);
    map.setPaintProperty(LAYER.fixedChange, 'circle-stroke-color', colour);
    map.setPaintProperty(LAYER.fixedChange, 'circle-stroke-opacity', opacity);
  }, [map, url, filters, earlier, hidden]);

  useEffect(() => {
    if (!map) return;
    return () => {
      if (!map.style) return;
      if (map.getLayer(LAYER.fixedChange)) map.removeLayer(LAYER.fixedChange);
      if (map.getSource(SOURCE.fixedChange)) map.removeSource(SOURCE.fixedChange);
    };
  }, [map]);
}
