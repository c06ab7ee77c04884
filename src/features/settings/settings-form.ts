// Validation for the Settings form: the service refuses out-of-range distances (400, not
// clamped), so the form refuses them first and says why.
import { LOCATE_LIMITS } from '../../state/slices/settings';

export type DistanceField = keyof typeof LOCATE_LIMITS;

export interface SettingsDraft {
  parceldistancem: string;
  neardistancem: string;
}

export const FIELD_LABELS: Record<DistanceField, string> = {
  parceldistancem: 'Parcel search distance (m)',
  neardistancem: 'Nearby search distance (m)',
};

/** The message for one distance input, or null when it is acceptable. */
export function distanceError(field: DistanceField, raw: string): string | null {
  const { min, max } = LOCATE_LIMITS[field];
  if (raw.trim() === '') return 'Enter a distance in metres.';
  const value = Number(raw);
  if (!Number.isFinite(value)) return 'Enter a number.';
  if (!Number.isInteger(value)) return 'Use whole metres.';
  if (value < min || value > max) return `Must be between ${min} and ${max} m.`;
  return null;
}

export type SettingsErrors = Partial<Record<DistanceField, string>>;

export function validateSettings(draft: SettingsDraft): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const field of Object.keys(LOCATE_LIMITS) as DistanceField[]) {
    const message = distanceError(field, draft[field]);
    if (message) errors[field] = message;
  }
  return errors;
}
