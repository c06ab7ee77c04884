// Shown in every mode when stored areas could not be read: they were copied aside, not
// deleted, and each copy can be downloaded as it was stored, then deleted once it is safe.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { areaRepository, type SetAsideCopy } from '../../../state/area-persistence/area-repository';
import { useAppStore } from '../../../state/store';
import { downloadText, fileSlug } from '../download';
import './area-storage.css';

function downloadCopy(copy: SetAsideCopy): void {
  const text = areaRepository.readSetAside(copy.key) ?? '';
  let json = true;
  try {
    JSON.parse(text);
  } catch {
    json = false;
  }
  const name = `${fileSlug(copy.label)}-set-aside.${json ? 'json' : 'txt'}`;
  downloadText(name, text, json ? 'application/json' : 'text/plain');
}

export function AreaStorageNotice() {
  const { copies, deleteCopy } = useAppStore(
    useShallow((s) => ({ copies: s.setAsideCopies, deleteCopy: s.deleteSetAsideCopy })),
  );
  const [hidden, setHidden] = useState(false);
  if (copies.length === 0 || hidden) return null;
  return (
    <section className="area-storage-notice" aria-labelledby="area-storage-notice-title">
      {/* Hide sits beside the message, so the banner takes no row of its own for it. */}
      <div className="area-storage-notice__head">
        <p id="area-storage-notice-title" className="area-storage-notice__title" role="alert">
          <strong>
            {copies.length === 1
              ? 'A saved area could not be read.'
              : `${copies.length} saved areas could not be read.`}
          </strong>{' '}
          Nothing was deleted: each was set aside as it was stored. Download a copy to keep it, then
          delete the copy here.
        </p>
        <button type="button" className="button button--ghost" onClick={() => setHidden(true)}>
          Hide until next visit
        </button>
      </div>
      <ul className="area-storage-notice__list" aria-label="Set-aside areas">
        {copies.map((copy) => (
          <li key={copy.key} className="area-storage-notice__item">
            <span className="area-storage-notice__what">
              <strong>{copy.label}:</strong> {copy.reason}
              {!copy.copied && ' Storage is full, so it stays where it was.'}
            </span>
            <button
              type="button"
              className="button"
              aria-label={`Download the set-aside copy of ${copy.label}`}
              onClick={() => downloadCopy(copy)}
            >
              Download copy
            </button>
            <button
              type="button"
              className="button button--ghost"
              aria-label={`Delete the set-aside copy of ${copy.label}`}
              onClick={() => {
                if (
                  window.confirm(
                    `Delete the set-aside copy of ${copy.label}? It cannot be recovered.`,
                  )
                )
                  deleteCopy(copy.key);
              }}
            >
              Delete copy
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
