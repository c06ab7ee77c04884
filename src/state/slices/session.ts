import type { StateCreator } from 'zustand';
import type { AppState } from '../store';

export type Mode = 'inspect' | 'draw';

/** What the side panel shows. A click point is kept so the map can draw the click-to-location line. */
export type Selection =
  | { kind: 'none' }
  | {
      kind: 'point';
      lng: number;
      lat: number;
      seq: number;
      /** The drawn location dot the click landed on, when it did (its id, before locate). */
      pointedAt?: number;
    }
  | { kind: 'location'; locationId: number; click?: { lng: number; lat: number } }
  | { kind: 'hex'; h3: string };

/** CSS pixels of the map under a side panel floating over it: its right side (a panel beside
 * the map on a tablet) or its bottom (a sheet on a phone); and under the map's cards (legends,
 * the draw toolbar): their column's width at the left or its height at the top, whichever
 * leaves more map (map/use-card-cover.ts). Zero where nothing covers it. */
export interface MapCover {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

export interface SessionSlice {
  mode: Mode;
  /** Fabric vintage (YYYYMM); null until the vintages operation answers. */
  fabricVintage: string | null;
  /** Coverage vintage (YYYYMM); null until the vintages operation answers. */
  coverageVintage: string | null;
  selection: Selection;
  mapCover: MapCover;
  setMode: (mode: Mode) => void;
  setFabricVintage: (vintage: string) => void;
  setCoverageVintage: (vintage: string) => void;
  /** A click in inspect mode: the locate workflow (app/use-workflows.ts) locates it. */
  selectPoint: (lng: number, lat: number, pointedAt?: number) => void;
  selectLocation: (locationId: number, click?: { lng: number; lat: number }) => void;
  selectHex: (h3: string) => void;
  clearSelection: () => void;
  /** The panel reports its sides (right, bottom), the cards theirs (top, left). */
  setMapCover: (cover: Partial<MapCover>) => void;
}

let clickSeq = 0;

export const createSessionSlice: StateCreator<AppState, [], [], SessionSlice> = (set) => ({
  mode: 'inspect',
  fabricVintage: null,
  coverageVintage: null,
  selection: { kind: 'none' },
  mapCover: { top: 0, left: 0, right: 0, bottom: 0 },
  setMode: (mode) => set({ mode }),
  setFabricVintage: (fabricVintage) => set({ fabricVintage }),
  setCoverageVintage: (coverageVintage) => set({ coverageVintage }),
  selectPoint: (lng, lat, pointedAt) =>
    set({
      selection: {
        kind: 'point',
        lng,
        lat,
        seq: ++clickSeq,
        ...(pointedAt === undefined ? {} : { pointedAt }),
      },
    }),
  selectLocation: (locationId, click) =>
    set({ selection: { kind: 'location', locationId, click } }),
  selectHex: (h3) => set({ selection: { kind: 'hex', h3 } }),
  clearSelection: () => set({ selection: { kind: 'none' } }),
  // Only a change is stored: the panel reports on every resize.
  setMapCover: (part) =>
    set((s) => {
      const mapCover = { ...s.mapCover, ...part };
      const same = (Object.keys(mapCover) as (keyof MapCover)[]).every(
        (side) => mapCover[side] === s.mapCover[side],
      );
      return same ? s : { mapCover };
    }),
});
