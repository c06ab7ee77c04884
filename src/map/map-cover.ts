// On narrow screens the side panel floats over the map: over its right side on a tablet, over
// its bottom on a phone. The map's padding follows it, so the centre, every flight and the
// keyboard cross mean the middle of what is visible.
import { useEffect, useRef } from 'react';
import type { LngLatLike, Map as MapLibreMap, PaddingOptions } from 'maplibre-gl';
import type { MapCover } from '../state/slices/session';

export const coverPadding = (cover: MapCover): PaddingOptions => ({
  top: 0,
  bottom: cover.bottom,
  left: 0,
  right: cover.right,
});

/** Whether a point shows on the map, `margin` pixels clear of its edges and of the cover. */
export function inUncoveredView(
  map: MapLibreMap,
  at: LngLatLike,
  cover: MapCover,
  margin = 24,
): boolean {
  const { x, y } = map.project(at);
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  return (
    x >= margin &&
    x <= width - cover.right - margin &&
    y >= margin &&
    y <= height - cover.bottom - margin
  );
}

/**
 * Keeps the map's padding equal to the cover. The first time (a link's view) the centre stays
 * the centre, now in the middle of the visible part; after that the map's content stays where
 * it is on screen as the panel opens and closes. A flight under way lands first.
 */
export function useMapCover(map: MapLibreMap | null, cover: MapCover): void {
  const first = useRef(true);
  useEffect(() => {
    if (!map) return;
    const keepCentre = first.current;
    first.current = false;
    const now = map.getPadding();
    if (now.right === cover.right && now.bottom === cover.bottom) return;
    const padding = coverPadding(cover);
    // Any change of padding is a camera jump, which would cut a flight short.
    if (map.isMoving()) {
      const land = () => map.setPadding(padding);
      map.once('moveend', land);
      return () => {
        map.off('moveend', land);
      };
    }
    if (keepCentre) {
      map.setPadding(padding);
      return;
    }
    const { clientWidth: width, clientHeight: height } = map.getContainer();
    map.jumpTo({
      center: map.unproject([(width - cover.right) / 2, (height - cover.bottom) / 2]),
      padding,
    });
  }, [map, cover]);
}
