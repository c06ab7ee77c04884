// The retired location a location replaced, read from the compare tile drawn on the map (its
// `replaces` property). The service offers no reverse of history (which retired id names this
// one as its re_location_id), so the tile, which joins both releases, is where it is known; it
// is known once the tile holding the location has loaded, and only when the retired location
// lies in the same tile.
import { useEffect, useState } from 'react';
import type { MapSourceDataEvent } from 'maplibre-gl';
import { useMapInstance } from '../../map/map-context';
import { SOURCE } from '../../map/ids';

const CHANGE_SOURCE_LAYER = 'fixed_change';

export function useTileReplaces(locationId: number, on: boolean): number | null {
  const map = useMapInstance();
  // Kept with the id it was read for, so another location never shows this one's link.
  const [found, setFound] = useState<{ id: number; replaces: number } | null>(null);
  useEffect(() => {
    if (!map || !on) return;
    const read = () => {
      if (!map.getSource(SOURCE.fixedChange)) return;
      const features = map.querySourceFeatures(SOURCE.fixedChange, {
        sourceLayer: CHANGE_SOURCE_LAYER,
        filter: ['==', ['get', 'location_id'], locationId],
      });
      const old = features.map((f) => Number(f.properties.replaces)).find((n) => n > 0);
      if (old !== undefined) setFound({ id: locationId, replaces: old });
    };
    const onData = (e: MapSourceDataEvent) => {
      if (e.sourceId === SOURCE.fixedChange && e.isSourceLoaded) read();
    };
    read();
    map.on('sourcedata', onData);
    return () => {
      map.off('sourcedata', onData);
    };
  }, [map, on, locationId]);
  return on && found?.id === locationId ? found.replaces : null;
}
