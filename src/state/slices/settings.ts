import type { StateCreator } from 'zustand';
import type { AppState } from '../store';

export const LOCATE_LIMITS = {
  parceldistancem: { min: 0, max: 1000, default: 500 },
  neardistancem: { min: 0, max: 100, default: 50 },
} as const;

export interface SettingsSlice {
  parceldistancem: number;
  neardistancem: number;
  setLocateDistances: (d: { parceldistancem: number; neardistancem: number }) => void;
}

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set) => ({
  parceldistancem: LOCATE_LIMITS.parceldistancem.default,
  neardistancem: LOCATE_LIMITS.neardistancem.default,
  setLocateDistances: (d) => set(d),
});
