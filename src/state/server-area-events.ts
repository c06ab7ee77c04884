// What the app shows when the app server answers a write of one of mine: the area is saved (and
// shared or not), or it is not and why; a write made over a version from another tab or
// browser is said plainly, with a way to keep that version too.
import type { StoreApi } from 'zustand';
import { savedAreaOf } from '../api/server-areas';
import type { ServerAreaEvents } from './area-persistence/server-repository';
import { notSavedText } from './area-saving';
import type { AppState } from './store';

type Set = StoreApi<AppState>['setState'];
type Get = StoreApi<AppState>['getState'];

export function serverAreaEvents(set: Set, get: Get): ServerAreaEvents {
  return {
    saved: ({ area, replaced }) => {
      set((s) => {
        const { [area.id]: _fixed, ...unsaved } = s.unsavedAreas;
        return {
          unsavedAreas: unsaved,
          serverAreas: s.serverAreas && {
            ...s.serverAreas,
            shared: { ...s.serverAreas.shared, [area.id]: area.shared },
          },
        };
      });
      if (replaced)
        set({
          areaConflict: { mine: area.name, theirs: savedAreaOf(replaced), at: replaced.updatedAt },
        });
    },
    failed: (id, problem, message) => {
      const area = get().areas.find((a) => a.id === id);
      set((s) => ({ unsavedAreas: area ? { ...s.unsavedAreas, [id]: problem } : s.unsavedAreas }));
      const text = area
        ? notSavedText(problem, area.name)
        : 'An area could not be deleted on the server.';
      set({ areaNotice: { kind: 'error', text: `${text} (${message})` } });
    },
  };
}
