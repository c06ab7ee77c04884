import type { StateCreator } from 'zustand';
import type { AppState } from '../store';

export type MobileTechnology = 'all' | '3G' | '4G' | '5G';
export type MobileEnvironment = 'all' | 0 | 1;

export interface LayersSlice {
  layers: {
    /** BEAD status of every location (street zoom) and % unserved by hexagon (further out). */
    fixedBroadband: boolean;
    parcels: boolean;
    footprints: boolean;
    locations: boolean;
    /** Location dots coloured by building type (off: the fixed layer owns the dots' colour). */
    buildingType: boolean;
    mobileCoverage: boolean;
  };
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
  layers: {
    fixedBroadband: true,
    parcels: true,
    footprints: true,
    locations: true,
    buildingType: false,
    mobileCoverage: false,
  },
  mobileFilter: { carrier: 'all', technology: 'all', environment: 'all' },
  setLayer: (layer, on) => set((s) => ({ layers: { ...s.layers, [layer]: on } })),
  setMobileFilter: (filter) => set((s) => ({ mobileFilter: { ...s.mobileFilter, ...filter } })),
});
