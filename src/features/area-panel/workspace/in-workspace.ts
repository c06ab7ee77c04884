// Whether the workspace answers an area whole: a county it holds, a state whose counties it
// all holds. A drawn area is counted over the counties held, whatever it covers (null: the
// app cannot tell from here which counties it touches).
import type { DataSource } from '../../../../shared/capabilities';
import type { SavedArea } from '../../../state/saved-area';

export function workspaceHolds(data: DataSource | null, area: SavedArea): boolean | null {
  if (data?.kind !== 'workspace') return null;
  const held = new Set(data.areas.map((a) => a.geoid));
  if (area.source === 'county' && area.geoid) return held.has(area.geoid);
  if (area.source === 'state' && area.geoid)
    return (data.states ?? []).some((s) => s.geoid === area.geoid);
  return null;
}

/** The backend takes areas from the real service into a workspace (upstream mode). */
export const canSync = (data: DataSource | null) =>
  data?.kind === 'upstream' || data?.kind === 'workspace';
