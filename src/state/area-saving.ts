// The areas slice's writes and the changes it takes from other tabs. A write that fails marks
// the area unsaved and says so (with what to do next); nothing claims an area was saved when
// it was not.
import type { StoreApi } from 'zustand';
import { SELECTED_AREA_KEY, areaKey } from './area-keys';
import { byCreation } from './area-record';
import type { SetAsideCopy } from './area-set-aside';
import { browserStorage, removeKey, writeArea, writeText, type SaveProblem } from './area-storage';
import type { SavedArea } from './slices/areas';
import type { AppState } from './store';

/** What another tab (or a load) changed in storage, already checked with the import rules. */
export type StoredAreaChange =
  | { kind: 'upsert'; area: SavedArea }
  | { kind: 'remove'; id: string }
  /** `restore`: the id whose stored text was unreadable; this tab writes its own copy back. */
  | { kind: 'set-aside'; copy: SetAsideCopy; restore?: string }
  | { kind: 'set-aside-gone'; key: string }
  /** Storage was cleared (by another tab): the areas held here are all that is left. */
  | { kind: 'cleared' };

export function notSavedText(problem: SaveProblem, name: string): string {
  return problem === 'full'
    ? `Not saved: browser storage is full, so “${name}” will be gone after a reload. Export it as GeoJSON or delete old areas, then choose Retry save.`
    : `Not saved: this browser does not let the app store areas (private browsing or site settings), so “${name}” will be gone after a reload. Export it as GeoJSON to keep it.`;
}

function without<T>(record: Record<string, T>, id: string): Record<string, T> {
  if (!(id in record)) return record;
  const { [id]: _gone, ...rest } = record;
  return rest;
}

type Set = StoreApi<AppState>['setState'];
type Get = StoreApi<AppState>['getState'];

export function areaSaving(set: Set, get: Get) {
  /** Writes one area; on failure marks it unsaved and, unless quiet, tells the planner. */
  const save = (area: SavedArea, quiet = false): boolean => {
    const result = writeArea(browserStorage(), area);
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
    saveSelection: (id: string | null) => {
      // The selection is a convenience, not the planner's work: a failed write stays quiet.
      if (id === null) removeKey(browserStorage(), SELECTED_AREA_KEY);
      else writeText(browserStorage(), SELECTED_AREA_KEY, id);
    },
    remove: (id: string) => {
      removeKey(browserStorage(), areaKey(id));
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
      removeKey(browserStorage(), key);
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
