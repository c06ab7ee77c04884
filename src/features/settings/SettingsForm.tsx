// The Settings dialog's form (SettingsDialog.tsx): the locate distances, drafted from the
// stored ones each time the dialog opens. Fetched the first time the dialog opens (or its
// button is pointed at or focused), so the first view does not carry it.
import { useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../state/store';
import { LOCATE_LIMITS } from '../../state/slices/settings';
import {
  FIELD_LABELS,
  validateSettings,
  type DistanceField,
  type SettingsDraft,
} from './settings-form';

const FIELD_HELP: Record<DistanceField, string> = {
  parceldistancem: 'How far from a click to look for a parcel.',
  neardistancem: 'How far from a click to accept the nearest location when no parcel matches.',
};

export function SettingsForm({ onClose }: { onClose: () => void }) {
  const settings = useAppStore(
    useShallow((s) => ({
      parceldistancem: s.parceldistancem,
      neardistancem: s.neardistancem,
      setLocateDistances: s.setLocateDistances,
    })),
  );
  const [draft, setDraft] = useState<SettingsDraft>(() => ({
    parceldistancem: String(settings.parceldistancem),
    neardistancem: String(settings.neardistancem),
  }));
  const errors = validateSettings(draft);
  const valid = Object.keys(errors).length === 0;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    settings.setLocateDistances({
      parceldistancem: Number(draft.parceldistancem),
      neardistancem: Number(draft.neardistancem),
    });
    onClose();
  };

  return (
    <form className="settings-dialog__form" onSubmit={save} noValidate>
      <h2 id="settings-title" className="settings-dialog__title">
        Settings
      </h2>
      {(Object.keys(LOCATE_LIMITS) as DistanceField[]).map((field) => {
        const error = errors[field];
        const { min, max } = LOCATE_LIMITS[field];
        return (
          <div key={field} className="settings-dialog__field">
            <label htmlFor={`setting-${field}`}>{FIELD_LABELS[field]}</label>
            <input
              id={`setting-${field}`}
              className="input"
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              value={draft[field]}
              aria-invalid={error ? true : undefined}
              aria-describedby={`setting-${field}-help`}
              onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
            />
            <p
              id={`setting-${field}-help`}
              className={error ? 'settings-dialog__error' : 'settings-dialog__help'}
            >
              {error ?? `${FIELD_HELP[field]} ${min}–${max} m.`}
            </p>
          </div>
        );
      })}
      <div className="settings-dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={!valid}>
          Save
        </button>
      </div>
    </form>
  );
}
