// The areas slice's writes through the area repository, and the changes it takes from other
// tabs, as UI state: a write that fails marks the area unsaved and says so (with what to do
// next); nothing claims an area was saved when it was not.
import type { StoreApi } from 'zustand';
import type {
  AreaRepository,
  SaveProblem,
  StoredAreaChange,
} from './area-persistence/area-repository';
import { byCreation, type SavedArea } from './saved-area';
import type { AppState } from './store';

const NOT_SAVED: Record<SaveProblem, (name: string) => string> = {
  full: (name) =>
    `Not saved: browser storage is full, so “${name}” will be gone after a reload. Export it as GeoJSON or delete old areas, then choose Retry save.`,
  blocked: (name) =>
    `Not saved: this browser does not let the app store areas (private browsing or site settings), so “${name}” will be gone after a reload. Export it as GeoJSON to keep it.`,
  offline: (name) =>
    `Not saved: the server could not be reached, so “${name}” will be gone after a reload. Choose Retry save when it is back, or export it as GeoJSON.`,
  refused: (name) =>
    `Not saved: the server refused “${name}”. Export it as GeoJSON to keep it, fix what the server named, then choose Retry save.`,
};

export function notSavedText(problem: SaveProblem, name: string): string {
  return NOT_SAVED[problem](name);
}

function without<T>(record: Record<string, T>, id: string): Record<string, T> {
  if (!(id in record)) return record;
  const { [id]: _gone, ...rest } = record;
  return rest;
}

type Set = StoreApi<AppState>['setState'];
type Get = StoreApi<AppState>['getState'];

export function areaSaving(set: Set, get: Get, repository: AreaRepository) {
  /** Writes one area; on failure marks it unsaved and, unless quiet, tells the planner. */
  const save = (area: SavedArea, quiet = false): boolean => {
    const result = repository.save(area);
    if (result.ok) {
      set((s) => ({ unsavedAreas: without(s.unsavedAreas, area.id) }));
      return true;
    }
    set((s) => ({ unsavedAreas: { ...s.unsavedAreas, [area.id]: result.problem } }));
    if (!quiet)
      set({ areaNotice: { kind: 'error', text: notSavedText(result.problem, area.name) } });
    return false;
  };
  const saveById = (id: string): boolean => {
    // An area deleted meanwhile (here or in another tab) is not written back.
    const area = get().areas.find((a) => a.id === id);
    return area ? save(area) : false;
  };

  const upsert = (area: SavedArea) =>
    set((s) => {
      const others = s.areas.filter((a) => a.id !== area.id);
      // The stored version won (last writer per area); a failed write of ours is moot now.
      return {
        areas: [...others, area].sort(byCreation),
        unsavedAreas: without(s.unsavedAreas, area.id),
      };
    });
  const drop = (id: string) =>
    set((s) => ({
      areas: s.areas.filter((a) => a.id !== id),
      selectedAreaId: s.selectedAreaId === id ? null : s.selectedAreaId,
      editingAreaId: s.editingAreaId === id ? null : s.editingAreaId,
      unsavedAreas: without(s.unsavedAreas, id),
    }));

  return {
    save,
    saveById,
    saveSelection: (id: string | null) => repository.saveSelection(id),
    remove: (id: string) => {
      repository.remove(id);
      set((s) => ({ unsavedAreas: without(s.unsavedAreas, id) }));
    },
    retryUnsaved: () => {
      for (const id of Object.keys(get().unsavedAreas)) {
        const area = get().areas.find((a) => a.id === id);
        if (area) save(area, true);
      }
    },
    announce: (id: string, savedText: string) => {
      const problem = get().unsavedAreas[id];
      const area = get().areas.find((a) => a.id === id);
      if (!area) return;
      set({
        areaNotice: problem
          ? { kind: 'error', text: notSavedText(problem, area.name) }
          : { kind: 'info', text: savedText },
      });
    },
    deleteSetAsideCopy: (key: string) => {
      repository.deleteSetAside(key);
      set((s) => ({ setAsideCopies: s.setAsideCopies.filter((c) => c.key !== key) }));
    },
    apply: (change: StoredAreaChange) => {
      switch (change.kind) {
        case 'upsert':
          return upsert(change.area);
        case 'remove':
          return drop(change.id);
        case 'set-aside':
          set((s) =>
            s.setAsideCopies.some((c) => c.key === change.copy.key)
              ? {}
              : { setAsideCopies: [...s.setAsideCopies, change.copy] },
          );
          if (change.restore !== undefined) saveById(change.restore);
          return undefined;
        case 'set-aside-gone':
          return set((s) => ({
            setAsideCopies: s.setAsideCopies.filter((c) => c.key !== change.key),
          }));
        case 'cleared':
          for (const area of get().areas) save(area, true);
          return undefined;
      }
    },
  };
}
