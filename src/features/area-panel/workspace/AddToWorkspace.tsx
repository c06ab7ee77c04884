// "Add to workspace": the selected county, state or drawn area synced from the real service
// into the workspace the app server answers this project's own views from. A modal <dialog>
// shows what it will cost first (requests by operation, credits, time: the estimate), then
// Start; while it runs, its progress and Cancel; after a cancel or a failure, why, and Resume
// (the journal means nothing is asked twice). Done, the views are asked again.
import { useMemo, useRef, useState } from 'react';
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
import './add-to-workspace.css';

export function AddToWorkspace({ area }: { area: SavedArea }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
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

  const show = () => {
    setStarted(false);
    setOpen(true);
    dialogRef.current?.showModal();
  };
  const close = () => dialogRef.current?.close();
  const run = () => {
    setStarted(true);
    start.mutate(body);
  };

  return (
    <>
      <button
        type="button"
        className="button"
        onClick={show}
        aria-haspopup="dialog"
        data-testid="workspace:add"
      >
        Add to workspace
      </button>
      <dialog
        ref={dialogRef}
        className="sync-dialog"
        aria-labelledby="sync-dialog-title"
        onClose={() => setOpen(false)}
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
    </>
  );
}
