// "Add to workspace": the selected county, state or drawn area synced from the real service
// into the workspace the app server answers this project's own views from. A modal <dialog>
// shows what it will cost first (requests by operation, credits, time: the estimate), then
// Start; while it runs, its progress and Cancel; after a cancel or a failure, why, and Resume
// (the journal means nothing is asked twice). Done, the views are asked again.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SavedArea } from '../../../state/saved-area';
import {
  useCancelSync,
  useRefreshWhenSynced,
  useStartSync,
  useSyncEstimate,
  useSyncJob,
} from '../../../queries/use-workspace-sync';
import { SyncCost } from './SyncCost';
import { SyncRun } from './SyncRun';
import { syncBodyOf } from './sync-text';
import '../../../components/modal-dialog.css';
import './add-to-workspace.css';

/** Opens the dialog; shown wherever the panel offers to add the area. */
export function AddToWorkspaceButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      className="button"
      onClick={onClick}
      aria-haspopup="dialog"
      data-testid="workspace:add"
    >
      Add to workspace
    </button>
  );
}

interface Props {
  area: SavedArea;
  open: boolean;
  onClose: () => void;
}

/**
 * The dialog, kept mounted while the panel around it changes (a finished sync turns the
 * panel's "not in the workspace" into the report, and the button that opened it goes).
 */
export function AddToWorkspaceDialog({ area, open, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [started, setStarted] = useState(false);
  const body = useMemo(() => syncBodyOf(area), [area]);
  const job = useSyncJob(open);
  const state = job.data?.state;
  // A sync running, or one started here, is shown; otherwise what adding this area costs.
  const showRun = state === 'running' || (started && state !== undefined && state !== 'idle');
  const estimate = useSyncEstimate(open && job.isFetched && !showRun ? body : null);
  const start = useStartSync();
  const cancel = useCancelSync();
  useRefreshWhenSynced(job.data);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog || dialog.open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setStarted(false);
    dialog.showModal();
  }, [open]);
  const closed = () => {
    onClose();
    // The opener may be gone (the panel now shows the report): focus its panel instead.
    if (!opener.current?.isConnected)
      dialogRef.current?.closest<HTMLElement>('[role="tabpanel"]')?.focus();
  };
  const close = () => dialogRef.current?.close();
  const run = () => {
    setStarted(true);
    start.mutate(body);
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal-dialog sync-dialog"
      aria-labelledby="sync-dialog-title"
      onClose={closed}
      data-testid="workspace:dialog"
    >
      {open && (
        <div className="sync-dialog__body">
          <h2 id="sync-dialog-title" className="sync-dialog__title">
            Add {area.name} to the workspace
          </h2>
          {showRun && job.data ? (
            <SyncRun
              job={job.data}
              onCancel={() => cancel.mutate()}
              onResume={run}
              onClose={close}
              problem={start.error ?? cancel.error}
            />
          ) : (
            <SyncCost
              estimate={estimate}
              resume={state === 'cancelled' || state === 'failed'}
              onStart={run}
              onClose={close}
              problem={start.error}
            />
          )}
        </div>
      )}
    </dialog>
  );
}
