// What a map click means, decided in one pure place so the rule is testable.
import type { Mode } from '../state/slices/session';

/** Hexagons are readable (and clickable) from this zoom in. */
export const HEX_CLICK_MIN_ZOOM = 13;

export type ClickAction = { kind: 'ignore' } | { kind: 'hex' } | { kind: 'point' };

export function routeClick(input: {
  mode: Mode;
  mobileLayerOn: boolean;
  zoom: number;
}): ClickAction {
  // In draw mode the draw tool listens to the map itself.
  if (input.mode === 'draw') return { kind: 'ignore' };
  if (input.mobileLayerOn && input.zoom >= HEX_CLICK_MIN_ZOOM) return { kind: 'hex' };
  return { kind: 'point' };
}
