// In Draw mode with no tool chosen, a click on a county offers it as the area ("Use this
// county"). The outline comes from the counties source (whole us-atlas polygons), not from
// rendered tiles, which are clipped at tile edges.
import { useCallback, useEffect, useState } from 'react';
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { countyLabel } from '../../map/boundaries';
import { LAYER, SOURCE } from '../../map/ids';
import { useAppStore } from '../../state/store';

export interface CountyOffer {
  geoid: string;
  label: string;
}

export function useCountyPick(map: MapLibreMap | null, active: boolean) {
  const [offer, setOffer] = useState<CountyOffer | null>(null);

  useEffect(() => {
    if (!map || !active) return;
    const onClick = (event: MapMouseEvent) => {
      if (useAppStore.getState().drawTool !== 'none' || !map.getLayer(LAYER.countyFill)) return;
      const [hit] = map.queryRenderedFeatures(event.point, { layers: [LAYER.countyFill] });
      const geoid = hit ? String(hit.properties.geoid ?? '') : '';
      setOffer(
        geoid ? { geoid, label: countyLabel(String(hit?.properties.name ?? ''), geoid) } : null,
      );
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, active]);

  const acceptOffer = useCallback(async () => {
    if (!map || !offer) return;
    const data = await map.getSource<GeoJSONSource>(SOURCE.counties)?.getData();
    const county =
      data?.type === 'FeatureCollection'
        ? data.features.find((f) => String(f.properties?.geoid ?? '') === offer.geoid)
        : undefined;
    const geometry = (county as Feature<Polygon | MultiPolygon> | undefined)?.geometry;
    const state = useAppStore.getState();
    if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) {
      state.setAreaNotice({
        kind: 'error',
        text: `The outline of ${offer.label} is not loaded yet. Try again in a moment.`,
      });
      return;
    }
    state.addArea({ name: offer.label, geometry, source: 'county' });
    state.setAreaNotice({ kind: 'info', text: `${offer.label} is now an area.` });
    setOffer(null);
  }, [map, offer]);

  // Leaving Draw mode hides any open offer.
  return { offer: active ? offer : null, acceptOffer, dismiss: () => setOffer(null) };
}
