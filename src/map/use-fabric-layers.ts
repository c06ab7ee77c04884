// Adds the demo fabric (vector tiles from the embedded service) once a vintage is known,
// and follows the vintage picker by swapping the tile URL rather than rebuilding the style.
import { useEffect } from 'react';
import type { Map as MapLibreMap, VectorTileSource } from 'maplibre-gl';
import { fabricTileUrl } from '../api/fabric';
import { useFabricAttribution } from './use-fabric-attribution';
import { LAYER, SOURCE } from './ids';
import {
  buildingTypeDotLayer,
  footprintFillLayer,
  footprintLineLayer,
  locationDotLayer,
  parcelLineLayer,
  roadCasingLayer,
  roadLabelLayer,
  roadMajorLayer,
  roadMinorLayer,
  townLabelLayer,
} from './layers/fabric';

const LAYERS_BY_SLOT = [
  { slot: LAYER.groundSlot, layers: [parcelLineLayer, footprintFillLayer, footprintLineLayer] },
  {
    slot: LAYER.roadsSlot,
    layers: [roadCasingLayer, roadMinorLayer, roadMajorLayer, locationDotLayer],
  },
  { slot: LAYER.buildingTypeSlot, layers: [buildingTypeDotLayer] },
  { slot: LAYER.labelsSlot, layers: [roadLabelLayer, townLabelLayer] },
];

export function useFabricLayers(map: MapLibreMap | null, vintage: string | null, enabled: boolean) {
  const attribution = useFabricAttribution();
  useEffect(() => {
    if (!map || !vintage || !enabled) return;
    const tiles = [fabricTileUrl(vintage)];
    const source = map.getSource<VectorTileSource>(SOURCE.fabric);
    if (source) {
      source.setTiles(tiles);
      return;
    }
    // From zoom 8 the tiles carry towns and highways; finer layers join as they become readable.
    map.addSource(SOURCE.fabric, {
      type: 'vector',
      tiles,
      minzoom: 8,
      maxzoom: 16,
      attribution,
    });
    for (const group of LAYERS_BY_SLOT) {
      const before = map.getLayer(group.slot) ? group.slot : undefined;
      for (const layer of group.layers) map.addLayer(layer, before);
    }
  }, [map, vintage, enabled, attribution]);
}

export interface FabricLayerToggles {
  parcels: boolean;
  footprints: boolean;
  locations: boolean;
  buildingType: boolean;
}

const TOGGLED_LAYERS: Record<keyof FabricLayerToggles, string[]> = {
  parcels: [LAYER.parcelLine],
  footprints: [LAYER.footprintFill, LAYER.footprintLine],
  locations: [LAYER.locationDot],
  buildingType: [LAYER.buildingTypeDot],
};

/** Applies the Layers menu to the fabric layers; runs after they are added (same deps). */
export function useFabricVisibility(
  map: MapLibreMap | null,
  toggles: FabricLayerToggles,
  vintage: string | null,
  enabled: boolean,
) {
  const { parcels, footprints, locations, buildingType } = toggles;
  useEffect(() => {
    if (!map || !vintage || !enabled) return;
    const wanted: FabricLayerToggles = { parcels, footprints, locations, buildingType };
    for (const key of Object.keys(TOGGLED_LAYERS) as (keyof FabricLayerToggles)[]) {
      for (const id of TOGGLED_LAYERS[key]) {
        if (map.getLayer(id))
          map.setLayoutProperty(id, 'visibility', wanted[key] ? 'visible' : 'none');
      }
    }
  }, [map, vintage, enabled, parcels, footprints, locations, buildingType]);
}
