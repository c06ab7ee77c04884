import type { StateCreator } from 'zustand';
import type { AppState } from '../store';

/** Download/upload pair in Mbps that a planner counts as "served". */
export interface SpeedThreshold {
  down: number;
  up: number;
}

export const SPEED_THRESHOLDS: readonly SpeedThreshold[] = [
  { down: 25, up: 3 },
  { down: 100, up: 20 },
  { down: 1000, up: 100 },
];

export const LOCATE_LIMITS = {
  parceldistancem: { min: 0, max: 1000, default: 500 },
  neardistancem: { min: 0, max: 100, default: 50 },
} as const;

export interface SettingsSlice {
  parceldistancem: number;
  neardistancem: number;
  threshold: SpeedThreshold;
  setLocateDistances: (d: { parceldistancem: number; neardistancem: number }) => void;
  setThreshold: (t: SpeedThreshold) => void;
}

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set) => ({
  parceldistancem: LOCATE_LIMITS.parceldistancem.default,
  neardistancem: LOCATE_LIMITS.neardistancem.default,
  threshold: { down: 100, up: 20 },
  setLocateDistances: (d) => set(d),
  setThreshold: (threshold) => set({ threshold }),
});
