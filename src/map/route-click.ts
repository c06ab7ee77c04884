// What a map click means, decided in one pure place so the rule is testable.
import type { Mode } from '../state/slices/session';

/** Hexagons are readable (and clickable) from this zoom in. */
export const HEX_CLICK_MIN_ZOOM = 13;

/**
 * Below this zoom a click cannot point at one location (a pixel spans tens of metres and the
 * dots are not drawn): it zooms in on the place instead of answering "none within 50 m".
 */
export const LOCATE_CLICK_MIN_ZOOM = 13;

/** Where a click at county zoom takes the map: street level, where every location is a dot. */
export const CLICK_ZOOM_IN_TO = 16;

export type ClickAction =
  { kind: 'ignore' } | { kind: 'hex' } | { kind: 'point' } | { kind: 'zoom-in'; zoom: number };

export function routeClick(input: {
  mode: Mode;
  mobileLayerOn: boolean;
  zoom: number;
  /** A location dot is drawn under the pointer: the planner is pointing at it. */
  overLocation?: boolean;
}): ClickAction {
  // In draw mode the draw tool listens to the map itself.
  if (input.mode === 'draw') return { kind: 'ignore' };
  if (input.overLocation) return { kind: 'point' };
  if (input.mobileLayerOn && input.zoom >= HEX_CLICK_MIN_ZOOM) return { kind: 'hex' };
  if (input.zoom < LOCATE_CLICK_MIN_ZOOM) return { kind: 'zoom-in', zoom: CLICK_ZOOM_IN_TO };
  return { kind: 'point' };
}
