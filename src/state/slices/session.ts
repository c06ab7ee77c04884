import type { StateCreator } from 'zustand';
import type { AppState } from '../store';

export type Mode = 'inspect' | 'draw';

/** What the side panel shows. A click point is kept so the map can draw the click-to-location line. */
export type Selection =
  | { kind: 'none' }
  | { kind: 'point'; lng: number; lat: number; seq: number }
  | { kind: 'location'; locationId: number; click?: { lng: number; lat: number } }
  | { kind: 'hex'; h3: string };

export interface SessionSlice {
  mode: Mode;
  /** Fabric vintage (YYYYMM); null until the vintages operation answers. */
  fabricVintage: string | null;
  /** Coverage vintage (YYYYMM); null until the vintages operation answers. */
  coverageVintage: string | null;
  selection: Selection;
  /** CSS pixels of the map's right side under a side panel floating over it; 0 when none. */
  mapCover: number;
  setMode: (mode: Mode) => void;
  setFabricVintage: (vintage: string) => void;
  setCoverageVintage: (vintage: string) => void;
  /** A click in inspect mode: the locate workflow (app/use-workflows.ts) locates it. */
  selectPoint: (lng: number, lat: number) => void;
  selectLocation: (locationId: number, click?: { lng: number; lat: number }) => void;
  selectHex: (h3: string) => void;
  clearSelection: () => void;
  setMapCover: (px: number) => void;
}

let clickSeq = 0;

export const createSessionSlice: StateCreator<AppState, [], [], SessionSlice> = (set) => ({
  mode: 'inspect',
  fabricVintage: null,
  coverageVintage: null,
  selection: { kind: 'none' },
  mapCover: 0,
  setMode: (mode) => set({ mode }),
  setFabricVintage: (fabricVintage) => set({ fabricVintage }),
  setCoverageVintage: (coverageVintage) => set({ coverageVintage }),
  selectPoint: (lng, lat) => set({ selection: { kind: 'point', lng, lat, seq: ++clickSeq } }),
  selectLocation: (locationId, click) =>
    set({ selection: { kind: 'location', locationId, click } }),
  selectHex: (h3) => set({ selection: { kind: 'hex', h3 } }),
  clearSelection: () => set({ selection: { kind: 'none' } }),
  setMapCover: (mapCover) => set({ mapCover }),
});
