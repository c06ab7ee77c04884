// In Draw mode with no tool chosen, a click on a county (or Enter on the focused map, for the
// county at its centre) offers it as the area ("Use this county"), and its state beside it
// ("Use Illinois"), so a state is one more Tab or click away at any zoom. The outlines come
// from the counties and states sources (whole us-atlas polygons), not from rendered tiles,
// which are clipped at tile edges.
import { useCallback, useEffect, useState } from 'react';
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent, PointLike } from 'maplibre-gl';
import { countyLabel } from '../../../shared/county-label';
import { findBoundaryArea, type BoundaryKind } from '../../map/boundary-area';
import { onCentreActivate } from '../../map/centre-activate';
import { LAYER, SOURCE } from '../../map/ids';
import { useAppStore } from '../../state/store';
import { boundaryRefusal } from './draw-validation';

export interface CountyOffer {
  geoid: string;
  label: string;
  /** The county's state by name, once the states source has answered. */
  stateName: string | null;
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
      setOffer(geoid ? { geoid, label, stateName: null, viaKeyboard } : null);
      if (!geoid) return;
      void map
        .getSource<GeoJSONSource>(SOURCE.states)
        ?.getData()
        .then((data) => {
          const state =
            data.type === 'FeatureCollection'
              ? findBoundaryArea(data, 'state', geoid.slice(0, 2))
              : null;
          if (state) setOffer((o) => (o?.geoid === geoid ? { ...o, stateName: state.name } : o));
        });
    };
    const onClick = (event: MapMouseEvent) => pick(event.point, false);
    map.on('click', onClick);
    const offKeys = onCentreActivate(map, ({ point }) => pick(point, true));
    return () => {
      map.off('click', onClick);
      offKeys();
    };
  }, [map, active]);

  const acceptOffer = useCallback(
    async (kind: BoundaryKind = 'county') => {
      if (!map || !offer) return;
      const geoid = kind === 'county' ? offer.geoid : offer.geoid.slice(0, 2);
      const label = kind === 'county' ? offer.label : (offer.stateName ?? `State ${geoid}`);
      const source = kind === 'county' ? SOURCE.counties : SOURCE.states;
      const data = await map.getSource<GeoJSONSource>(source)?.getData();
      const found = data?.type === 'FeatureCollection' ? findBoundaryArea(data, kind, geoid) : null;
      const state = useAppStore.getState();
      if (!found) {
        state.setAreaNotice({
          kind: 'error',
          text: `The outline of ${label} is not loaded yet. Try again in a moment.`,
        });
        return;
      }
      const done = () => {
        setOffer(null);
        if (offer.viaKeyboard) map.getCanvas().focus();
      };
      const refusal = boundaryRefusal(label, found.geometry);
      if (refusal) {
        state.setAreaNotice({ kind: 'error', text: refusal });
        return done();
      }
      const id = state.addArea({ name: label, geometry: found.geometry, source: kind, geoid });
      state.announceArea(id, `${label} is now an area.`);
      done();
    },
    [map, offer],
  );

  const dismiss = useCallback(() => {
    setOffer(null);
    if (offer?.viaKeyboard) map?.getCanvas().focus();
  }, [map, offer]);

  // Leaving Draw mode hides any open offer.
  return { offer: active ? offer : null, acceptOffer, dismiss };
}
