import type { StateCreator } from 'zustand';
import type { AppState } from '../store';

/** What the custom summary of the selected area asks for and shows (area-panel/custom-summary). */
export interface CustomSummarySlice {
  /** Shared by the panel and the hexagon layer on the map, so one request serves both. */
  summaryFields: string[];
  summaryNocat: boolean;
  /** The measure the chart and the hexagons show: 'locationcount' or '<field>_avg|_cnt|_sum'. */
  summaryMeasure: string;
  setSummaryFields: (fields: string[]) => void;
  setSummaryNocat: (nocat: boolean) => void;
  setSummaryMeasure: (measure: string) => void;
}

export const createCustomSummarySlice: StateCreator<AppState, [], [], CustomSummarySlice> = (
  set,
) => ({
  summaryFields: ['building_type_code'],
  summaryNocat: false,
  summaryMeasure: 'locationcount',
  setSummaryFields: (summaryFields) => set({ summaryFields }),
  setSummaryNocat: (summaryNocat) => set({ summaryNocat }),
  setSummaryMeasure: (summaryMeasure) => set({ summaryMeasure }),
});
