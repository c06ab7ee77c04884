import type { StateCreator } from 'zustand';
import type { AppState } from '../store';

export type MobileTechnology = 'all' | '3G' | '4G' | '5G';
export type MobileEnvironment = 'all' | 0 | 1;

export interface LayersSlice {
  layers: { parcels: boolean; footprints: boolean; locations: boolean; mobileCoverage: boolean };
  /** Mobile coverage filters: carrier is a provider id or 'all'. */
  mobileFilter: {
    carrier: number | 'all';
    technology: MobileTechnology;
    environment: MobileEnvironment;
  };
  setLayer: (layer: keyof LayersSlice['layers'], on: boolean) => void;
  setMobileFilter: (filter: Partial<LayersSlice['mobileFilter']>) => void;
}

export const createLayersSlice: StateCreator<AppState, [], [], LayersSlice> = (set) => ({
  layers: { parcels: true, footprints: true, locations: true, mobileCoverage: false },
  mobileFilter: { carrier: 'all', technology: 'all', environment: 'all' },
  setLayer: (layer, on) => set((s) => ({ layers: { ...s.layers, [layer]: on } })),
  setMobileFilter: (filter) => set((s) => ({ mobileFilter: { ...s.mobileFilter, ...filter } })),
});
