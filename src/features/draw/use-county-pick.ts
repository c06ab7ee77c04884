// In Draw mode with no tool chosen, a click on a county (or Enter on the focused map, for the
// county at its centre) offers it as the area ("Use this county"). The outline comes from the
// counties source (whole us-atlas polygons), not from rendered tiles, which are clipped at
// tile edges.
import { useCallback, useEffect, useState } from 'react';
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent, PointLike } from 'maplibre-gl';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { countyLabel } from '../../map/boundaries';
import { onCentreActivate } from '../../map/centre-activate';
import { LAYER, SOURCE } from '../../map/ids';
import { useAppStore } from '../../state/store';
import { countyRefusal } from './draw-validation';

export interface CountyOffer {
  geoid: string;
  label: string;
  /** Offered from the keyboard: the offer takes focus, and gives it back to the map. */
  viaKeyboard: boolean;
}

export function useCountyPick(map: MapLibreMap | null, active: boolean) {
  const [offer, setOffer] = useState<CountyOffer | null>(null);

  useEffect(() => {
    if (!map || !active) return;
    const pick = (point: PointLike, viaKeyboard: boolean) => {
      if (useAppStore.getState().drawTool !== 'none' || !map.getLayer(LAYER.countyFill)) return;
      const [hit] = map.queryRenderedFeatures(point, { layers: [LAYER.countyFill] });
      const geoid = hit ? String(hit.properties.geoid ?? '') : '';
      const label = countyLabel(String(hit?.properties.name ?? ''), geoid);
      setOffer(geoid ? { geoid, label, viaKeyboard } : null);
    };
    const onClick = (event: MapMouseEvent) => pick(event.point, false);
    map.on('click', onClick);
    const offKeys = onCentreActivate(map, ({ point }) => pick(point, true));
    return () => {
      map.off('click', onClick);
      offKeys();
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
    const refusal = countyRefusal(offer.label, geometry);
    if (refusal) {
      state.setAreaNotice({ kind: 'error', text: refusal });
      setOffer(null);
      if (offer.viaKeyboard) map.getCanvas().focus();
      return;
    }
    const id = state.addArea({ name: offer.label, geometry, source: 'county' });
    state.announceArea(id, `${offer.label} is now an area.`);
    setOffer(null);
    if (offer.viaKeyboard) map.getCanvas().focus();
  }, [map, offer]);

  const dismiss = useCallback(() => {
    setOffer(null);
    if (offer?.viaKeyboard) map?.getCanvas().focus();
  }, [map, offer]);

  // Leaving Draw mode hides any open offer.
  return { offer: active ? offer : null, acceptOffer, dismiss };
}
