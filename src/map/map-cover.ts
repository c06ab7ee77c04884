// On narrow screens the side panel floats over the map: over its right side on a tablet, over
// its bottom on a phone; the map's cards cover its top left. The map's padding follows them, so
// the centre, every flight and the keyboard cross mean the middle of what is visible.
import { useEffect, useRef } from 'react';
import type { LngLat, LngLatLike, Map as MapLibreMap, PaddingOptions } from 'maplibre-gl';
import type { MapCover } from '../state/slices/session';

/** Room kept around a box fitted to the part of the map left uncovered, in pixels. */
export const BOX_PADDING = 48;

/** A box the app fitted (a place found, an area kept), and the camera the fit gave. */
interface BoxFocus {
  bbox: [number, number, number, number];
  maxZoom: number;
  camera: { lng: number; lat: number; zoom: number } | null;
}

const boxes = new WeakMap<MapLibreMap, BoxFocus>();

/**
 * Room around a fitted box: BOX_PADDING, less where the part of the map left is small (a phone's
 * strip between the cards and the panel), so the box is not shrunk to a speck.
 */
function boxPadding(map: MapLibreMap): number {
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  const { top = 0, bottom = 0, left = 0, right = 0 } = map.getPadding();
  const room = Math.min(width - left - right, height - top - bottom);
  return Math.max(4, Math.min(BOX_PADDING, Math.round(room / 10)));
}

/** The camera that shows the whole box in the part of the map its padding leaves. */
function fitCamera(map: MapLibreMap, focus: BoxFocus) {
  const [w, s, e, n] = focus.bbox;
  return map.cameraForBounds(
    [
      [w, s],
      [e, n],
    ],
    { padding: boxPadding(map), maxZoom: focus.maxZoom },
  );
}

const cameraOf = (map: MapLibreMap) => {
  const { lng, lat } = map.getCenter();
  return { lng, lat, zoom: map.getZoom() };
};

/** Whether the map still shows the camera the last fit gave (no other move since). */
const atCamera = (map: MapLibreMap, c: BoxFocus['camera']) => {
  const now = cameraOf(map);
  return (
    c !== null &&
    Math.abs(now.lng - c.lng) < 1e-6 &&
    Math.abs(now.lat - c.lat) < 1e-6 &&
    Math.abs(now.zoom - c.zoom) < 1e-6
  );
};

/**
 * Brings the whole box into the part of the map no card or panel covers (flying there unless
 * `instant`), and keeps it there: when the cover then grows (the panel opened beside it, a card
 * unfolded), the box is fitted again in the part left, zooming out as needed, as long as the map
 * has not been moved otherwise since.
 */
export function fitBox(
  map: MapLibreMap,
  bbox: [number, number, number, number],
  { maxZoom, instant = false }: { maxZoom: number; instant?: boolean },
): void {
  const focus: BoxFocus = { bbox, maxZoom, camera: null };
  const camera = fitCamera(map, focus);
  if (!camera?.center || camera.zoom === undefined) return;
  const { lng, lat } = camera.center as LngLat;
  focus.camera = { lng, lat, zoom: camera.zoom };
  boxes.set(map, focus);
  if (instant) map.jumpTo(camera);
  else map.flyTo(camera);
  // The camera as the map holds it (wrapped, constrained), so the check at its end matches.
  if (instant) focus.camera = cameraOf(map);
}

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
 * in the middle of the visible part: the view a link names is the view it shows. After that, and
 * as soon as the planner moves the map: when the cover shrinks (the panel hidden, a card folded)
 * the map stays still, more of it uncovered; when it grows (the panel shown, a card opened) the
 * point the map was last brought to (by the planner or a flight) goes to the middle of the part
 * left, so what the planner looks at is never covered, and hiding then showing the panel puts
 * nothing anywhere new. A box the app fitted (fitBox: a place found, an area kept) is fitted
 * again, whole, in the part left when the cover grows, as long as the map still shows it as
 * fitted. A flight under way lands first, then keeps its centre (or its box); a planner's move
 * under way ends first.
 */
export function useMapCover(map: MapLibreMap | null, cover: MapCover): void {
  // Whether the map has come to rest once, or been moved by the planner.
  const settled = useRef(false);
  // Whether the move under way is the planner's (drag, wheel, keys) rather than the app's.
  const plannerMoving = useRef(false);
  // Where the last move left the map's centre: what the planner is looking at.
  const focus = useRef<LngLat | null>(null);
  // Set while this hook moves the camera itself, so its jumps are not taken for a move.
  const adjusting = useRef(false);
  useEffect(() => {
    if (!map) return;
    focus.current = map.getCenter();
    // A move with an input event behind it is the planner's.
    const onMoveStart = (event: { originalEvent?: unknown }) => {
      if (adjusting.current) return;
      plannerMoving.current = event.originalEvent !== undefined;
      if (plannerMoving.current) settled.current = true;
    };
    const onMoveEnd = () => {
      if (adjusting.current) return;
      focus.current = map.getCenter();
      // Moved elsewhere (by the planner or another flight): the box is no longer what is shown.
      const box = boxes.get(map);
      if (box && !atCamera(map, box.camera)) boxes.delete(map);
    };
    const onIdle = () => {
      settled.current = true;
    };
    map.on('movestart', onMoveStart);
    map.on('moveend', onMoveEnd);
    map.once('idle', onIdle);
    return () => {
      map.off('movestart', onMoveStart);
      map.off('moveend', onMoveEnd);
      map.off('idle', onIdle);
    };
  }, [map]);
  useEffect(() => {
    if (!map) return;
    const apply = (keepCentre: boolean) => {
      if (samePadding(map.getPadding(), cover)) return;
      const padding = coverPadding(cover);
      const was = map.getPadding();
      const grows =
        cover.top > (was.top ?? 0) ||
        cover.left > (was.left ?? 0) ||
        cover.right > (was.right ?? 0) ||
        cover.bottom > (was.bottom ?? 0);
      // A box the app fitted, still shown as fitted.
      let box = boxes.get(map);
      if (box && !atCamera(map, box.camera)) {
        boxes.delete(map);
        box = undefined;
      }
      adjusting.current = true;
      try {
        if (grows && box) {
          // Fitted again, whole, in the part left (zooming out as needed).
          map.setPadding(padding);
          const camera = fitCamera(map, box);
          if (camera) map.jumpTo(camera);
          focus.current = map.getCenter();
          return;
        }
        if (keepCentre) {
          map.setPadding(padding);
          focus.current = map.getCenter();
          return;
        }
        if (grows && focus.current) {
          // What the planner was looking at goes to the middle of the part left.
          map.jumpTo({ center: focus.current, padding });
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
      } finally {
        adjusting.current = false;
        // The box stays what is shown through these adjustments of the app's own.
        if (box) box.camera = cameraOf(map);
      }
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
