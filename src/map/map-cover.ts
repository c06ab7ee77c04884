// On narrow screens the side panel floats over the map: over its right side on a tablet, over
// its bottom on a phone; the map's cards cover its top left. The map's padding follows them, so
// the centre, every flight and the keyboard cross mean the middle of what is visible.
import { useEffect, useRef } from 'react';
import type { LngLatLike, Map as MapLibreMap, PaddingOptions } from 'maplibre-gl';
import type { MapCover } from '../state/slices/session';

export const coverPadding = (cover: MapCover): PaddingOptions => ({ ...cover });

const samePadding = (a: PaddingOptions, b: MapCover) =>
  a.top === b.top && a.left === b.left && a.right === b.right && a.bottom === b.bottom;

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
    x >= cover.left + margin &&
    x <= width - cover.right - margin &&
    y >= cover.top + margin &&
    y <= height - cover.bottom - margin
  );
}

/**
 * Keeps the map's padding equal to the cover. Until the planner first moves the map (the start
 * view, a link's view, a flight the app made) the centre stays the centre, now in the middle of
 * the visible part; after that the map's content stays where it is on screen as the panel and
 * cards open and fold. A flight under way lands first.
 */
export function useMapCover(map: MapLibreMap | null, cover: MapCover): void {
  const moved = useRef(false);
  useEffect(() => {
    if (!map) return;
    // A move with an input event behind it (drag, wheel, keys) is the planner's.
    const onMove = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) moved.current = true;
    };
    map.on('movestart', onMove);
    return () => {
      map.off('movestart', onMove);
    };
  }, [map]);
  useEffect(() => {
    if (!map) return;
    const keepCentre = !moved.current;
    if (samePadding(map.getPadding(), cover)) return;
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
      center: map.unproject([
        (cover.left + width - cover.right) / 2,
        (cover.top + height - cover.bottom) / 2,
      ]),
      padding,
    });
  }, [map, cover]);
}
