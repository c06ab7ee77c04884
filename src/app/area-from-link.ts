// The area a link names, into the planner's areas: a county or state is looked up by GEOID in
// the Census boundaries (its whole outline asked of the app server); an outline is added
// as it came. Either way it is selected in Draw mode, once, never twice. What cannot be used
// is said in the Draw toolbar's notice, and the rest of the link still applies.
import type { StoreApi } from 'zustand';
import { loadBoundaryArea } from '../map/boundary-area';
import { addOrSelectArea, type AreaLinkParse } from '../state/area-link';
import type { AppState } from '../state/store';

export function linkNotice(store: StoreApi<AppState>, text: string): void {
  store.getState().setAreaNotice({ kind: 'error', text });
}

export async function restoreLinkedArea(
  store: StoreApi<AppState>,
  parsed: AreaLinkParse,
  name: string | null,
): Promise<void> {
  store.getState().setMode('draw');
  if (!parsed.ok) {
    linkNotice(store, `The link’s area was left out: ${parsed.reason}. Ask for the link again.`);
    return;
  }
  const { link } = parsed;
  if (link.kind === 'shape') {
    const fallback = link.source === 'place' ? 'Shared place' : 'Shared area';
    const id = addOrSelectArea(store.getState(), {
      name: name ?? fallback,
      geometry: link.geometry,
      source: link.source,
    });
    store.getState().announceArea(id, `Opened ${name ?? fallback} from the link.`);
    return;
  }
  const lookup = await loadBoundaryArea(link.kind, link.geoid);
  if (!lookup.ok) {
    linkNotice(store, lookup.problem);
    return;
  }
  const found = lookup.area;
  const id = addOrSelectArea(store.getState(), {
    name: name ?? found.name,
    geometry: found.geometry,
    source: link.kind,
    geoid: link.geoid,
  });
  store.getState().announceArea(id, `Opened ${name ?? found.name} from the link.`);
}
