import type { StateCreator } from 'zustand';
import type { AppState } from '../store';

export type AreaTab = 'report' | 'custom';

export interface AreaTabSlice {
  /** The area panel's tab: the planner's report (default) or the custom summary of fields. */
  areaTab: AreaTab;
  setAreaTab: (tab: AreaTab) => void;
}

export const createAreaTabSlice: StateCreator<AppState, [], [], AreaTabSlice> = (set) => ({
  areaTab: 'report',
  setAreaTab: (areaTab) => set({ areaTab }),
});
