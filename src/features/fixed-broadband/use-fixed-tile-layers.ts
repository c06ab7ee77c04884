// The fixed broadband layer's sources and layers from the reference service's tiles: added
// once both vintages are known, then followed. A vintage change swaps tile URLs; a filter
// change swaps the location layers' filters (no fetch: the tiles carry every location's tier
// strings) and the hexagon tile URL (the service counts hexagons under the filters).
import { useEffect } from 'react';
import type { Map as MapLibreMap, VectorTileSource } from 'maplibre-gl';
import { fixedHexTileUrl, fixedTileUrl } from '../../api/coverage';
import { useFabricAttribution } from '../../map/use-fabric-attribution';
import { useCapabilities } from '../../queries/use-capabilities';
import { FIXED_SOURCE_LAYER, LAYER, SOURCE } from '../../map/ids';
import { DEFAULT_FIXED_FILTERS, type FixedFilters } from '../../../shared/fixed-status';
import {
  FIXED_HEX_MIN_ZOOM,
  FIXED_POINT_MIN_ZOOM,
  STATUS_LAYERS,
  fixedHexLayers,
  fixedPointLayers,
} from './fixed-styles';
import { statusFilter } from './status-expression';

const HEX_LAYER_IDS: readonly string[] = [
  LAYER.fixedHexFill,
  LAYER.fixedHexLine,
  LAYER.fixedHexFew,
];

/** Every layer the Layers menu's "Fixed broadband" box shows or hides. */
export const FIXED_LAYER_IDS: readonly string[] = [
  ...HEX_LAYER_IDS,
  ...STATUS_LAYERS.map((l) => l.id),
];

function setSourceTiles(map: MapLibreMap, id: string, url: string): boolean {
  const source = map.getSource<VectorTileSource>(id);
  if (!source) return false;
  if (source.tiles?.[0] !== url) source.setTiles([url]);
  return true;
}

interface Options {
  coverageVintage: string | null;
  fabricVintage: string | null;
  filters: FixedFilters;
  /** The backend serves the tiles (the embedded reference service). */
  available: boolean;
  visible: boolean;
  /** False while compare mode draws its own hexagons there, so the two never overlap. */
  hexVisible: boolean;
}

export function useFixedTileLayers(map: MapLibreMap | null, o: Options): void {
  const { coverageVintage: cv, fabricVintage: fv, filters, available, visible, hexVisible } = o;
  const { revision } = useCapabilities();
  const hexUrl = cv && fv ? fixedHexTileUrl(cv, fv, filters, revision) : null;
  const pointUrl = cv && fv ? fixedTileUrl(cv, fv, filters.provider, revision) : null;
  const attribution = useFabricAttribution();

  useEffect(() => {
    if (!map || !available || !pointUrl || !hexUrl) return;
    if (setSourceTiles(map, SOURCE.fixedLocations, pointUrl)) {
      setSourceTiles(map, SOURCE.fixedHexes, hexUrl);
      return;
    }
    map.addSource(SOURCE.fixedLocations, {
      type: 'vector',
      tiles: [pointUrl],
      minzoom: FIXED_POINT_MIN_ZOOM,
      maxzoom: 16,
      attribution,
    });
    map.addSource(SOURCE.fixedHexes, {
      type: 'vector',
      tiles: [hexUrl],
      minzoom: FIXED_HEX_MIN_ZOOM,
      maxzoom: FIXED_POINT_MIN_ZOOM - 1,
      attribution,
    });
    // Hexagons under the county lines, roads and labels; locations over the roads and under
    // every overlay (the selected location's marker, drawn areas).
    const hexBefore = map.getLayer(LAYER.groundSlot) ? LAYER.groundSlot : undefined;
    for (const layer of fixedHexLayers(FIXED_SOURCE_LAYER.hexes)) map.addLayer(layer, hexBefore);
    // Added with the default filters; the next effect (same commit) sets the chosen ones.
    const pointBefore = map.getLayer(LAYER.fixedSlot) ? LAYER.fixedSlot : undefined;
    for (const layer of fixedPointLayers(DEFAULT_FIXED_FILTERS, FIXED_SOURCE_LAYER.locations)) {
      map.addLayer(layer, pointBefore);
    }
  }, [map, available, pointUrl, hexUrl, attribution]);

  useEffect(() => {
    if (!map || !available || !pointUrl || !map.getSource(SOURCE.fixedLocations)) return;
    for (const { id, status } of STATUS_LAYERS) {
      if (map.getLayer(id)) map.setFilter(id, statusFilter(filters, status));
    }
  }, [map, available, pointUrl, filters]);

  useEffect(() => {
    if (!map || !available || !pointUrl || !map.getSource(SOURCE.fixedLocations)) return;
    for (const id of FIXED_LAYER_IDS) {
      const shown = visible && (hexVisible || !HEX_LAYER_IDS.includes(id));
      if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', shown ? 'visible' : 'none');
    }
  }, [map, available, pointUrl, visible, hexVisible]);
}
