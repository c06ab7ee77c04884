// On narrow screens the side panel floats over the map's right side. The map's padding follows
// it, so the centre, every flight and the keyboard cross mean the middle of what is visible.
import { useEffect, useRef } from 'react';
import type { LngLatLike, Map as MapLibreMap, PaddingOptions } from 'maplibre-gl';

export const coverPadding = (cover: number): PaddingOptions => ({
  top: 0,
  bottom: 0,
  left: 0,
  right: cover,
});

/** Whether a point shows on the map, `margin` pixels clear of its edges and of the cover. */
export function inUncoveredView(
  map: MapLibreMap,
  at: LngLatLike,
  cover: number,
  margin = 24,
): boolean {
  const { x, y } = map.project(at);
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  return x >= margin && x <= width - cover - margin && y >= margin && y <= height - margin;
}

/**
 * Keeps the map's padding equal to the cover. The first time (a link's view) the centre stays
 * the centre, now in the middle of the visible part; after that the map's content stays where
 * it is on screen as the panel opens and closes. A flight under way lands first.
 */
export function useMapCover(map: MapLibreMap | null, cover: number): void {
  const first = useRef(true);
  useEffect(() => {
    if (!map) return;
    const keepCentre = first.current;
    first.current = false;
    if (map.getPadding().right === cover) return;
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
    map.jumpTo({ center: map.unproject([(width - cover) / 2, height / 2]), padding });
  }, [map, cover]);
}
