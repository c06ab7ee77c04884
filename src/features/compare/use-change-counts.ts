// The compare legend's counts: the changed locations the map has drawn in view, by class,
// each location once (a point near a tile edge is in both tiles' buffers), read each time the
// map comes to rest (`idle`: every tile in view loaded and drawn).
import { useEffect, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { ChangeClass } from '../../../shared/fixed-change';
import type { FixedFilters } from '../../../shared/fixed-status';
import { LAYER } from '../../map/ids';
import type { Side } from './change-expression';
import { changeOfFeature } from './change-of-feature';

export type ChangeCounts = Partial<Record<ChangeClass, number>>;

export function useChangeCounts(
  map: MapLibreMap | null,
  active: boolean,
  filters: FixedFilters,
  earlier: Side,
): ChangeCounts | null {
  const [counts, setCounts] = useState<ChangeCounts | null>(null);
  useEffect(() => {
    if (!map || !active) return;
    const update = () => {
      if (!map.getLayer(LAYER.fixedChange)) return;
      const seen = new Map<unknown, ChangeClass>();
      for (const f of map.queryRenderedFeatures({ layers: [LAYER.fixedChange] })) {
        const id = f.id ?? f.properties.location_id;
        if (!seen.has(id)) seen.set(id, changeOfFeature(f.properties, filters, earlier));
      }
      const next: ChangeCounts = {};
      for (const cls of seen.values()) next[cls] = (next[cls] ?? 0) + 1;
      setCounts((previous) =>
        JSON.stringify(previous) === JSON.stringify(next) ? previous : next,
      );
    };
    map.on('idle', update);
    map.triggerRepaint();
    return () => {
      map.off('idle', update);
      setCounts(null);
    };
  }, [map, active, filters, earlier]);
  return active ? counts : null;
}
