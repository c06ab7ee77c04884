// The one MapLibre map, shared with the feature map components rendered inside MapView.
import { createContext, useContext } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

export const MapContext = createContext<MapLibreMap | null>(null);

/** The map once its style has loaded; null before that (and outside MapView). */
export function useMapInstance(): MapLibreMap | null {
  return useContext(MapContext);
}
