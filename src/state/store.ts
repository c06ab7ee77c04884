import { create } from 'zustand';
import { createSessionSlice, type SessionSlice } from './slices/session';
import { createSettingsSlice, type SettingsSlice } from './slices/settings';
import { createLayersSlice, type LayersSlice } from './slices/layers';
import { createAreasSlice, type AreasSlice } from './slices/areas';
import { createFixedFiltersSlice, type FixedFiltersSlice } from './slices/fixed-filters';
import { createCompareSlice, type CompareSlice } from './slices/compare';

// UI state only; server state lives in TanStack Query.
export type AppState = SessionSlice &
  SettingsSlice &
  LayersSlice &
  AreasSlice &
  FixedFiltersSlice &
  CompareSlice;

export const useAppStore = create<AppState>()((...a) => ({
  ...createSessionSlice(...a),
  ...createSettingsSlice(...a),
  ...createLayersSlice(...a),
  ...createAreasSlice(...a),
  ...createFixedFiltersSlice(...a),
  ...createCompareSlice(...a),
}));
