import type { StateCreator } from 'zustand';
import type { MultiPolygon, Polygon } from 'geojson';
import {
  areaRepository,
  type SaveProblem,
  type SetAsideCopy,
  type StoredAreaChange,
} from '../area-persistence/area-repository';
import { onLinkGrid } from '../../lib/geo/area-on-link-grid';
import { areaSaving } from '../area-saving';
import type { AreaSource, SavedArea } from '../saved-area';
import type { AppState } from '../store';

/**
 * The planner's areas as the app shows them: which there are, which is selected, which could
 * not be stored and why. What is stored is the area repository's (area-persistence/), written
 * through at every change.
 */
export interface AreasSlice {
  /** Everything a planner drew or imported, kept in local storage across reloads. */
  areas: SavedArea[];
  /** Areas whose latest version could not be written to storage, and why. */
  unsavedAreas: Record<string, SaveProblem>;
  /** Unreadable stored entries, copied aside; listed until the planner deletes each copy. */
  setAsideCopies: SetAsideCopy[];
  selectedAreaId: string | null;
  /** A message about the last drawing or import (e.g. a refused self-intersecting ring). */
  areaNotice: { kind: 'error' | 'info'; text: string } | null;
  addArea: (area: {
    name?: string;
    geometry: Polygon | MultiPolygon;
    source: AreaSource;
    geoid?: string;
  }) => string;
  renameArea: (id: string, name: string) => void;
  updateAreaGeometry: (id: string, geometry: Polygon | MultiPolygon) => void;
  deleteArea: (id: string) => void;
  selectArea: (id: string | null) => void;
  setAreaNotice: (notice: AreasSlice['areaNotice']) => void;
  /** Writes an unsaved area again (after space was freed); true once it is stored. */
  retrySave: (id: string) => boolean;
  /** Says `savedText` when the area is stored, or that it is not and what to do. */
  announceArea: (id: string, savedText: string) => void;
  deleteSetAsideCopy: (key: string) => void;
  /** Another tab (or this load) changed what is stored. */
  applyStoredChange: (change: StoredAreaChange) => void;
}

function nextName(areas: SavedArea[]): string {
  let n = areas.length + 1;
  while (areas.some((a) => a.name === `Area ${n}`)) n += 1;
  return `Area ${n}`;
}

function newId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `area-${Date.now()}-${Math.random().toString(36).slice(2)}`
  );
}

/**
 * A drawn, imported or place area is kept on its link's grid, so its link gives the same
 * figures; a county or state travels by its GEOID and keeps the boundary as served.
 */
function keptOutline(source: AreaSource, geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  return source === 'county' || source === 'state' ? geometry : onLinkGrid(geometry);
}

export const createAreasSlice: StateCreator<AppState, [], [], AreasSlice> = (set, get) => {
  // Every change is written through at once, one key per area, so a reload loses nothing and
  // another tab's areas are never overwritten; a failed write marks the area unsaved.
  const saving = areaSaving(set, get, areaRepository);
  const loaded = areaRepository.load();
  return {
    areas: loaded.areas.map((a) => ({ ...a, geometry: keptOutline(a.source, a.geometry) })),
    selectedAreaId: loaded.selectedAreaId,
    unsavedAreas: {},
    setAsideCopies: loaded.setAside,
    areaNotice: null,
    addArea: ({ name, geometry, source, geoid }) => {
      const id = newId();
      const area: SavedArea = {
        id,
        name: name?.trim() || nextName(get().areas),
        geometry: keptOutline(source, geometry),
        source,
        // After every area this tab knows (those of other tabs included), so the list's order
        // (by creation) is the order they were added in, even within one millisecond.
        createdAt: Math.max(Date.now(), ...get().areas.map((a) => a.createdAt + 1)),
        ...(geoid ? { geoid } : {}),
      };
      set((s) => ({ areas: [...s.areas, area], selectedAreaId: id }));
      saving.save(area);
      saving.saveSelection(id);
      return id;
    },
    renameArea: (id, name) => {
      set((s) => ({ areas: s.areas.map((a) => (a.id === id ? { ...a, name } : a)) }));
      saving.saveById(id);
    },
    updateAreaGeometry: (id, geometry) => {
      set((s) => ({
        areas: s.areas.map((a) =>
          a.id === id ? { ...a, geometry: keptOutline(a.source, geometry) } : a,
        ),
      }));
      saving.saveById(id);
    },
    deleteArea: (id) => {
      set((s) => ({
        areas: s.areas.filter((a) => a.id !== id),
        selectedAreaId: s.selectedAreaId === id ? null : s.selectedAreaId,
      }));
      saving.remove(id);
      // The space just freed may be enough for areas whose write failed earlier.
      saving.retryUnsaved();
    },
    selectArea: (selectedAreaId) => {
      set({ selectedAreaId });
      saving.saveSelection(selectedAreaId);
    },
    setAreaNotice: (areaNotice) => set({ areaNotice }),
    retrySave: (id) => saving.saveById(id),
    announceArea: (id, savedText) => saving.announce(id, savedText),
    deleteSetAsideCopy: (key) => saving.deleteSetAsideCopy(key),
    applyStoredChange: (change) => saving.apply(change),
  };
};
