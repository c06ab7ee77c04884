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
 * Keeps the map's padding equal to the cover. Until the map has first come to rest on its start
 * view (a link's view, or a flight the app made on the way in), the centre stays the centre, now
 * in the middle of the visible part: the view a link names is the view it shows. After that,
 * and as soon as the planner moves the map, what the map shows stays where it is on screen as
 * the panel and the cards open and fold: hiding the panel uncovers more map, showing it covers
 * some again, and nothing jumps (a selection the panel would cover is brought out from under it
 * by its own layer). A flight under way lands first, then keeps its centre; a planner's move
 * under way ends first, then keeps the map still.
 */
export function useMapCover(map: MapLibreMap | null, cover: MapCover): void {
  // Whether the map has come to rest once, or been moved by the planner.
  const settled = useRef(false);
  // Whether the move under way is the planner's (drag, wheel, keys) rather than the app's.
  const plannerMoving = useRef(false);
  useEffect(() => {
    if (!map) return;
    // A move with an input event behind it is the planner's.
    const onMoveStart = (event: { originalEvent?: unknown }) => {
      plannerMoving.current = event.originalEvent !== undefined;
      if (plannerMoving.current) settled.current = true;
    };
    const onIdle = () => {
      settled.current = true;
    };
    map.on('movestart', onMoveStart);
    map.once('idle', onIdle);
    return () => {
      map.off('movestart', onMoveStart);
      map.off('idle', onIdle);
    };
  }, [map]);
  useEffect(() => {
    if (!map) return;
    const apply = (keepCentre: boolean) => {
      if (samePadding(map.getPadding(), cover)) return;
      const padding = coverPadding(cover);
      if (keepCentre) {
        map.setPadding(padding);
        return;
      }
      // The same point under the same pixel, with the centre now the visible part's middle.
      const { clientWidth: width, clientHeight: height } = map.getContainer();
      map.jumpTo({
        center: map.unproject([
          (cover.left + width - cover.right) / 2,
          (cover.top + height - cover.bottom) / 2,
        ]),
        padding,
      });
    };
    // Any change of padding is a camera jump, which would cut a move short.
    if (map.isMoving()) {
      const land = () => apply(!plannerMoving.current);
      map.once('moveend', land);
      return () => {
        map.off('moveend', land);
      };
    }
    apply(!settled.current);
  }, [map, cover]);
}
