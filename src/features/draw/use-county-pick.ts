// In Draw mode with no tool chosen, a click on a county (or Enter on the focused map, for the
// county at its centre) offers it as the area ("Use this county"), and its state beside it
// ("Use Illinois"), so a state is one more Tab or click away at any zoom. The outline is asked
// of the app server on accepting (boundary-area.ts): the map's boundary tiles hold only the
// pieces of a county in view, clipped at tile edges.
import { bbox } from '@turf/turf';
import { useCallback, useEffect, useState } from 'react';
import type { Map as MapLibreMap, MapMouseEvent, PointLike } from 'maplibre-gl';
import { fetchBoundaryArea, type BoundaryKind } from '../../map/boundary-area';
import { onCentreActivate } from '../../map/centre-activate';
import { fitBox } from '../../map/map-cover';
import { LAYER } from '../../map/ids';
import { useAppStore } from '../../state/store';
import { boundaryRefusal } from './draw-validation';

export interface CountyOffer {
  geoid: string;
  label: string;
  /** The county's state by name (each county in the boundary tiles carries it). */
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
      const label = String(hit?.properties.label ?? '');
      const stateName = String(hit?.properties.state ?? '') || null;
      setOffer(geoid ? { geoid, label, stateName, viaKeyboard } : null);
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
      const found = await fetchBoundaryArea(kind, geoid).catch(() => null);
      const state = useAppStore.getState();
      if (!found) {
        state.setAreaNotice({
          kind: 'error',
          text: `The outline of ${label} did not load. Check the connection and try again.`,
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
      // The whole area in view, beside the panel its report opens in (map-cover.ts).
      const [w, s, e, n] = bbox(found.geometry);
      fitBox(map, [w, s, e, n], { maxZoom: 15 });
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
