import type { StateCreator } from 'zustand';
import type { MultiPolygon, Polygon } from 'geojson';
import type { AppState } from '../store';

export type AreaSource = 'draw' | 'import' | 'county';
export type DrawTool = 'none' | 'Polygon' | 'Rectangle' | 'Freehand' | 'Circle' | 'Select';

export interface SavedArea {
  id: string;
  name: string;
  geometry: Polygon | MultiPolygon;
  source: AreaSource;
  createdAt: number;
}

export interface AreasSlice {
  /** Everything a planner drew or imported, kept in local storage across reloads. */
  areas: SavedArea[];
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
  }) => string;
  renameArea: (id: string, name: string) => void;
  updateAreaGeometry: (id: string, geometry: Polygon | MultiPolygon) => void;
  deleteArea: (id: string) => void;
  selectArea: (id: string | null) => void;
  setDrawTool: (tool: DrawTool) => void;
  setAreaNotice: (notice: AreasSlice['areaNotice']) => void;
  setEditingAreaId: (id: string | null) => void;
  /** What the area summary asks for; shared by the panel and the hexagon layer on the map. */
  summaryFields: string[];
  summaryNocat: boolean;
  /** The measure the chart and the hexagons show: 'locationcount' or '<field>_avg|_cnt|_sum'. */
  summaryMeasure: string;
  setSummaryFields: (fields: string[]) => void;
  setSummaryNocat: (nocat: boolean) => void;
  setSummaryMeasure: (measure: string) => void;
}

export const AREAS_STORAGE_KEY = 'coverage-explorer:areas:v1';

function isSavedArea(value: unknown): value is SavedArea {
  if (typeof value !== 'object' || value === null) return false;
  const area = value as Partial<SavedArea>;
  return (
    typeof area.id === 'string' &&
    typeof area.name === 'string' &&
    typeof area.geometry === 'object' &&
    area.geometry !== null &&
    (area.geometry.type === 'Polygon' || area.geometry.type === 'MultiPolygon') &&
    Array.isArray(area.geometry.coordinates)
  );
}

/** Saved areas; a corrupt or missing entry gives an empty list rather than a broken app. */
export function loadSavedAreas(storage: Storage | undefined = globalThis.localStorage): {
  areas: SavedArea[];
  selectedAreaId: string | null;
} {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(AREAS_STORAGE_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return { areas: [], selectedAreaId: null };
    const record = parsed as { areas?: unknown; selectedAreaId?: unknown };
    const areas = Array.isArray(record.areas) ? record.areas.filter(isSavedArea) : [];
    const selected =
      typeof record.selectedAreaId === 'string' && areas.some((a) => a.id === record.selectedAreaId)
        ? record.selectedAreaId
        : null;
    return { areas, selectedAreaId: selected };
  } catch {
    return { areas: [], selectedAreaId: null };
  }
}

function saveAreas(state: Pick<AreasSlice, 'areas' | 'selectedAreaId'>): void {
  try {
    globalThis.localStorage?.setItem(
      AREAS_STORAGE_KEY,
      JSON.stringify({ areas: state.areas, selectedAreaId: state.selectedAreaId }),
    );
  } catch {
    // Storage full or blocked (private mode): the areas still live for this session.
  }
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

export const createAreasSlice: StateCreator<AppState, [], [], AreasSlice> = (set, get) => {
  // Every change to the list is written through at once, so a reload or crash loses nothing.
  const persist = () => saveAreas(get());
  return {
    ...loadSavedAreas(),
    drawTool: 'none',
    areaNotice: null,
    editingAreaId: null,
    addArea: ({ name, geometry, source }) => {
      const id = newId();
      set((s) => ({
        areas: [
          ...s.areas,
          { id, name: name?.trim() || nextName(s.areas), geometry, source, createdAt: Date.now() },
        ],
        selectedAreaId: id,
      }));
      persist();
      return id;
    },
    renameArea: (id, name) => {
      set((s) => ({ areas: s.areas.map((a) => (a.id === id ? { ...a, name } : a)) }));
      persist();
    },
    updateAreaGeometry: (id, geometry) => {
      set((s) => ({ areas: s.areas.map((a) => (a.id === id ? { ...a, geometry } : a)) }));
      persist();
    },
    deleteArea: (id) => {
      set((s) => ({
        areas: s.areas.filter((a) => a.id !== id),
        selectedAreaId: s.selectedAreaId === id ? null : s.selectedAreaId,
      }));
      persist();
    },
    selectArea: (selectedAreaId) => {
      set({ selectedAreaId });
      persist();
    },
    setDrawTool: (drawTool) => set({ drawTool }),
    setAreaNotice: (areaNotice) => set({ areaNotice }),
    setEditingAreaId: (editingAreaId) => set({ editingAreaId }),
    summaryFields: ['building_type_code'],
    summaryNocat: false,
    summaryMeasure: 'locationcount',
    setSummaryFields: (summaryFields) => set({ summaryFields }),
    setSummaryNocat: (summaryNocat) => set({ summaryNocat }),
    setSummaryMeasure: (summaryMeasure) => set({ summaryMeasure }),
  };
};
