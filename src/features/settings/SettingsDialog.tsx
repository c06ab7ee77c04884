// The "Settings" button and its modal <dialog>: the locate distances. (What counts as served is
// chosen with the fixed broadband filters, which the map, the badge and the URL share.)
// The draft is only stored on Save, and Save stays disabled while a value is out of range.
import { useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../state/store';
import { LOCATE_LIMITS } from '../../state/slices/settings';
import {
  FIELD_LABELS,
  validateSettings,
  type DistanceField,
  type SettingsDraft,
} from './settings-form';
import '../../components/modal-dialog.css';
import './settings.css';

const FIELD_HELP: Record<DistanceField, string> = {
  parceldistancem: 'How far from a click to look for a parcel.',
  neardistancem: 'How far from a click to accept the nearest location when no parcel matches.',
};

export function SettingsDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const settings = useAppStore(
    useShallow((s) => ({
      parceldistancem: s.parceldistancem,
      neardistancem: s.neardistancem,
      setLocateDistances: s.setLocateDistances,
    })),
  );
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const errors = draft ? validateSettings(draft) : {};
  const valid = Object.keys(errors).length === 0;

  const open = () => {
    setDraft({
      parceldistancem: String(settings.parceldistancem),
      neardistancem: String(settings.neardistancem),
    });
    dialogRef.current?.showModal();
  };
  const close = () => dialogRef.current?.close();

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !valid) return;
    settings.setLocateDistances({
      parceldistancem: Number(draft.parceldistancem),
      neardistancem: Number(draft.neardistancem),
    });
    close();
  };

  return (
    <>
      <button type="button" className="button" onClick={open} aria-haspopup="dialog">
        Settings
      </button>
      <dialog
        ref={dialogRef}
        className="modal-dialog settings-dialog"
        aria-labelledby="settings-title"
        onClose={() => setDraft(null)}
      >
        {draft && (
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
              <button type="button" className="button" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="button button--primary" disabled={!valid}>
                Save
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
