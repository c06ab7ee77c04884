import type { StateCreator } from 'zustand';
import type { MultiPolygon, Polygon } from 'geojson';
import type { SetAsideCopy } from '../area-set-aside';
import { areaSaving, type StoredAreaChange } from '../area-saving';
import { browserStorage, loadStoredAreasSafely, type SaveProblem } from '../area-storage';
import type { AppState } from '../store';

/** 'county' and 'state' come from the Census boundaries, 'place' from a town or ZIP searched. */
export type AreaSource = 'draw' | 'import' | 'county' | 'state' | 'place';
export type DrawTool = 'none' | 'Polygon' | 'Rectangle' | 'Freehand' | 'Circle' | 'Select';

export interface SavedArea {
  id: string;
  name: string;
  geometry: Polygon | MultiPolygon;
  source: AreaSource;
  createdAt: number;
  /** A county's 5-digit or a state's 2-digit GEOID: a link names it instead of its outline. */
  geoid?: string;
}

export interface AreasSlice {
  /** Everything a planner drew or imported, kept in local storage across reloads. */
  areas: SavedArea[];
  /** Areas whose latest version could not be written to storage, and why. */
  unsavedAreas: Record<string, SaveProblem>;
  /** Unreadable stored entries, copied aside; listed until the planner deletes each copy. */
  setAsideCopies: SetAsideCopy[];
  selectedAreaId: string | null;
  /** The active drawing tool in Draw mode ('none' = pan and pick counties). */
  drawTool: DrawTool;
  /** A message about the last drawing or import (e.g. a refused self-intersecting ring). */
  areaNotice: { kind: 'error' | 'info'; text: string } | null;
  /** The area whose vertices are being edited (terra-draw draws it meanwhile, not the area layer). */
  editingAreaId: string | null;
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
  setDrawTool: (tool: DrawTool) => void;
  setAreaNotice: (notice: AreasSlice['areaNotice']) => void;
  setEditingAreaId: (id: string | null) => void;
  /** Writes an unsaved area again (after space was freed); true once it is stored. */
  retrySave: (id: string) => boolean;
  /** Says `savedText` when the area is stored, or that it is not and what to do. */
  announceArea: (id: string, savedText: string) => void;
  deleteSetAsideCopy: (key: string) => void;
  /** Another tab (or this load) changed what is stored. */
  applyStoredChange: (change: StoredAreaChange) => void;
  /** What the area summary asks for; shared by the panel and the hexagon layer on the map. */
  summaryFields: string[];
  summaryNocat: boolean;
  /** The measure the chart and the hexagons show: 'locationcount' or '<field>_avg|_cnt|_sum'. */
  summaryMeasure: string;
  setSummaryFields: (fields: string[]) => void;
  setSummaryNocat: (nocat: boolean) => void;
  setSummaryMeasure: (measure: string) => void;
  /** The area panel's tab: the planner's report (default) or the custom summary of fields. */
  areaTab: AreaTab;
  setAreaTab: (tab: AreaTab) => void;
}

export type AreaTab = 'report' | 'custom';

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

export const createAreasSlice: StateCreator<AppState, [], [], AreasSlice> = (set, get) => {
  // Every change is written through at once, one key per area, so a reload loses nothing and
  // another tab's areas are never overwritten; a failed write marks the area unsaved.
  const saving = areaSaving(set, get);
  const loaded = loadStoredAreasSafely(browserStorage());
  return {
    areas: loaded.areas,
    selectedAreaId: loaded.selectedAreaId,
    unsavedAreas: {},
    setAsideCopies: loaded.setAside,
    drawTool: 'none',
    areaNotice: null,
    editingAreaId: null,
    addArea: ({ name, geometry, source, geoid }) => {
      const id = newId();
      const area: SavedArea = {
        id,
        name: name?.trim() || nextName(get().areas),
        geometry,
        source,
        createdAt: Date.now(),
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
      set((s) => ({ areas: s.areas.map((a) => (a.id === id ? { ...a, geometry } : a)) }));
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
    setDrawTool: (drawTool) => set({ drawTool }),
    setAreaNotice: (areaNotice) => set({ areaNotice }),
    setEditingAreaId: (editingAreaId) => set({ editingAreaId }),
    retrySave: (id) => saving.saveById(id),
    announceArea: (id, savedText) => saving.announce(id, savedText),
    deleteSetAsideCopy: (key) => saving.deleteSetAsideCopy(key),
    applyStoredChange: (change) => saving.apply(change),
    summaryFields: ['building_type_code'],
    summaryNocat: false,
    summaryMeasure: 'locationcount',
    setSummaryFields: (summaryFields) => set({ summaryFields }),
    setSummaryNocat: (summaryNocat) => set({ summaryNocat }),
    setSummaryMeasure: (summaryMeasure) => set({ summaryMeasure }),
    areaTab: 'report',
    setAreaTab: (areaTab) => set({ areaTab }),
  };
};
