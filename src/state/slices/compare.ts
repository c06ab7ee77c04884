import type { StateCreator } from 'zustand';
import { QUIET_CHANGE_CLASSES, type ChangeClass } from '../../../shared/fixed-change';
import type { AppState } from '../store';

/** The second release a map compares with (README, "Compare releases"): a coverage vintage and its fabric. */
export interface CompareWith {
  coverage: string;
  fabric: string;
}

export interface CompareSlice {
  /** null: no comparison. Kept in the URL (`wcv`, `wv`), so a shared link compares the same. */
  compareWith: CompareWith | null;
  setCompareWith: (compareWith: CompareWith | null) => void;
  /** Change classes the map does not draw (still counted in the legend): the quiet ones at first. */
  hiddenChangeClasses: readonly ChangeClass[];
  showChangeClass: (cls: ChangeClass, shown: boolean) => void;
}

export const createCompareSlice: StateCreator<AppState, [], [], CompareSlice> = (set) => ({
  compareWith: null,
  setCompareWith: (compareWith) => set({ compareWith }),
  hiddenChangeClasses: QUIET_CHANGE_CLASSES,
  showChangeClass: (cls, shown) =>
    set((state) => ({
      hiddenChangeClasses: shown
        ? state.hiddenChangeClasses.filter((c) => c !== cls)
        : [...new Set([...state.hiddenChangeClasses, cls])],
    })),
});
