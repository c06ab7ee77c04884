// The one MapLibre map, held where every part of the app can reach it, as react-map-gl's
// MapProvider and useMap hold it: MapView, its owner, creates it and hands it in once its
// style has loaded; the feature layers inside MapView, the side panels (the report's print)
// and the top bar's search (fly to) read it with useMapInstance() and act on it directly.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

interface MapHolder {
  map: MapLibreMap | null;
  setMap: (map: MapLibreMap | null) => void;
}

const MapContext = createContext<MapHolder | null>(null);

/** Around everything that may use the map: App puts it around the frame. */
export function MapProvider({ children }: { children: ReactNode }) {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const holder = useMemo(() => ({ map, setMap }), [map]);
  return <MapContext.Provider value={holder}>{children}</MapContext.Provider>;
}

/** The map once its style has loaded; null before that, without WebGL, or outside a provider. */
export function useMapInstance(): MapLibreMap | null {
  return useContext(MapContext)?.map ?? null;
}

/** For the map's owner (MapView) alone: hands the map in, or takes it back (null). */
export function useSetMapInstance(): (map: MapLibreMap | null) => void {
  const holder = useContext(MapContext);
  if (!holder) throw new Error('MapView must be rendered inside a MapProvider');
  return holder.setMap;
}
