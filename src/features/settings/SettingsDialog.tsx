// The "Settings" button and its modal <dialog>: the locate distances. (What counts as served is
// chosen with the fixed broadband filters, which the map, the badge and the URL share.)
// The draft is only stored on Save, and Save stays disabled while a value is out of range.
// The form (SettingsForm.tsx) is fetched the first time the dialog opens, or when the planner
// heads for the button; a loading line shows in the dialog meanwhile.
import { useRef, useState } from 'react';
import { lazyPart } from '../../components/lazy-part';
import '../../components/modal-dialog.css';
import './settings.css';

const SettingsForm = lazyPart(
  'the settings',
  async () => (await import('./SettingsForm')).SettingsForm,
);

export function SettingsDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Mounted while the dialog is open, so each opening drafts from the stored settings.
  const [open, setOpen] = useState(false);
  const show = () => {
    setOpen(true);
    dialogRef.current?.showModal();
  };
  const close = () => dialogRef.current?.close();

  return (
    <>
      <button
        type="button"
        className="button"
        onClick={show}
        onPointerEnter={SettingsForm.preload}
        onFocus={SettingsForm.preload}
        aria-haspopup="dialog"
      >
        Settings
      </button>
      <dialog
        ref={dialogRef}
        className="modal-dialog settings-dialog"
        aria-label="Settings"
        onClose={() => setOpen(false)}
      >
        {open && <SettingsForm onClose={close} />}
      </dialog>
    </>
  );
}
