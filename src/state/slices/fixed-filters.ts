import type { StateCreator } from 'zustand';
import type { FixedFilters } from '../../../shared/fixed-status';
import { loadFixedFilters, saveFixedFilters } from '../fixed-filters-storage';
import type { AppState } from '../store';

export interface FixedFiltersSlice {
  /**
   * What counts as served (shared/fixed-status.ts): the map layer, its hexagons, the location
   * badge and the providers table all read these. Kept across reloads; a link's URL wins.
   */
  fixedFilters: FixedFilters;
  setFixedFilters: (change: Partial<FixedFilters>) => void;
}

export const createFixedFiltersSlice: StateCreator<AppState, [], [], FixedFiltersSlice> = (
  set,
  get,
) => ({
  fixedFilters: loadFixedFilters(),
  setFixedFilters: (change) => {
    const next = { ...get().fixedFilters, ...change };
    set({ fixedFilters: next });
    saveFixedFilters(next);
  },
});
