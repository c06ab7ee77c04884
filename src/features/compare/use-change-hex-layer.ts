// The net-change hexagons' source and layers (compare mode below street zoom), added when a
// comparison is on and followed: a vintage or filter change swaps the tile URL (the service
// counts the cells under the filters), and the sums in view are read each time the map comes
// to rest (`idle`: every tile in view loaded and drawn).
import { useEffect, useState } from 'react';
import type { Map as MapLibreMap, VectorTileSource } from 'maplibre-gl';
import type { Side } from '../../../shared/fixed-change-hex';
import { useFabricAttribution } from '../../map/use-fabric-attribution';
import { LAYER, SOURCE } from '../../map/ids';
import { readChangeHex, sumChangeHexes, type ChangeHex, type ChangeHexSums } from './change-hex';
import { CHANGE_HEX_MAX_ZOOM, changeHexLayers } from './change-hex-styles';

/** The service draws hexagons from this zoom (as /fixedhex). */
const CHANGE_HEX_MIN_ZOOM = 5;

function removeAll(map: MapLibreMap) {
  for (const layer of changeHexLayers) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
  if (map.getSource(SOURCE.fixedChangeHex)) map.removeSource(SOURCE.fixedChangeHex);
}

export function useChangeHexLayer(map: MapLibreMap | null, url: string | null): void {
  const attribution = useFabricAttribution();
  useEffect(() => {
    if (!map) return;
    if (!url) {
      removeAll(map);
      return;
    }
    const source = map.getSource<VectorTileSource>(SOURCE.fixedChangeHex);
    if (source) {
      if (source.tiles?.[0] !== url) source.setTiles([url]);
      return;
    }
    map.addSource(SOURCE.fixedChangeHex, {
      type: 'vector',
      tiles: [url],
      minzoom: CHANGE_HEX_MIN_ZOOM,
      maxzoom: CHANGE_HEX_MAX_ZOOM - 1,
      attribution,
    });
    // Where the fixed broadband hexagons go: under the county lines, roads and labels.
    const before = map.getLayer(LAYER.groundSlot) ? LAYER.groundSlot : undefined;
    for (const layer of changeHexLayers) map.addLayer(layer, before);
  }, [map, url, attribution]);

  useEffect(() => {
    if (!map) return;
    return () => {
      if (map.style) removeAll(map);
    };
  }, [map]);
}

/** The cells drawn in view, summed; null while none is drawn or the layer is off. */
export function useChangeHexSums(
  map: MapLibreMap | null,
  active: boolean,
  earlier: Side,
): ChangeHexSums | null {
  const [sums, setSums] = useState<ChangeHexSums | null>(null);
  useEffect(() => {
    if (!map || !active) return;
    const update = () => {
      if (!map.getLayer(LAYER.fixedChangeHexFill) || map.getZoom() >= CHANGE_HEX_MAX_ZOOM) return;
      const cells = map
        .queryRenderedFeatures({ layers: [LAYER.fixedChangeHexFill] })
        .map((f) => readChangeHex(f.properties, earlier))
        .filter((c): c is ChangeHex => c !== null);
      const next = sumChangeHexes(cells);
      setSums((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    };
    map.on('idle', update);
    map.triggerRepaint();
    return () => {
      map.off('idle', update);
      setSums(null);
    };
  }, [map, active, earlier]);
  return active ? sums : null;
}
