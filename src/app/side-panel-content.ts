// Which panel the side panel shows: the drawn-area workflow owns Draw mode; otherwise the
// selection decides.
import type { Mode, Selection } from '../state/slices/session';

export type PanelContent = 'area' | 'hex' | 'location' | 'intro';

export function panelContent(mode: Mode, selection: Selection): PanelContent {
  if (mode === 'draw') return 'area';
  if (selection.kind === 'hex') return 'hex';
  if (selection.kind === 'point' || selection.kind === 'location') return 'location';
  return 'intro';
}

export const PANEL_TITLES: Record<PanelContent, string> = {
  area: 'Area',
  hex: 'Hexagon',
  location: 'Location',
  intro: 'Start here',
};
