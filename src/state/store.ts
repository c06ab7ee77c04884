import { create } from 'zustand';
import { createSessionSlice, type SessionSlice } from './slices/session';
import { createSettingsSlice, type SettingsSlice } from './slices/settings';
import { createLayersSlice, type LayersSlice } from './slices/layers';
import { createAreasSlice, type AreasSlice } from './slices/areas';
import { createDrawingSlice, type DrawingSlice } from './slices/drawing';
import { createAreaTabSlice, type AreaTabSlice } from './slices/area-tab';
import { createCustomSummarySlice, type CustomSummarySlice } from './slices/custom-summary';
import { createFixedFiltersSlice, type FixedFiltersSlice } from './slices/fixed-filters';
import { createCompareSlice, type CompareSlice } from './slices/compare';
import { createTeamAreasSlice, type TeamAreasSlice } from './slices/team-areas';

// UI state only; server state lives in TanStack Query, stored areas in area-persistence/.
export type AppState = SessionSlice &
  SettingsSlice &
  LayersSlice &
  AreasSlice &
  DrawingSlice &
  AreaTabSlice &
  CustomSummarySlice &
  FixedFiltersSlice &
  CompareSlice &
  TeamAreasSlice;

export const useAppStore = create<AppState>()((...a) => ({
  ...createSessionSlice(...a),
  ...createSettingsSlice(...a),
  ...createLayersSlice(...a),
  ...createAreasSlice(...a),
  ...createDrawingSlice(...a),
  ...createAreaTabSlice(...a),
  ...createCustomSummarySlice(...a),
  ...createFixedFiltersSlice(...a),
  ...createCompareSlice(...a),
  ...createTeamAreasSlice(...a),
}));
