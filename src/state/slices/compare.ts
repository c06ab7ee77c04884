import type { StateCreator } from 'zustand';
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
}

export const createCompareSlice: StateCreator<AppState, [], [], CompareSlice> = (set) => ({
  compareWith: null,
  setCompareWith: (compareWith) => set({ compareWith }),
});
