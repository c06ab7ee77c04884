// The dialog while a sync runs and after: its progress (bar and "1,234 of 5,678 requests,
// about 4 min left") with Cancel; then done, or why it stopped (naming the operation and
// chunk) with Resume.
import type { SyncJob } from '../../../../shared/workspace-sync';
import { errorText } from '../error-text';
import { count, progressText } from './sync-text';

interface Props {
  job: SyncJob;
  onCancel: () => void;
  onResume: () => void;
  onClose: () => void;
  problem: unknown;
}

export function SyncRun({ job, onCancel, onResume, onClose, problem }: Props) {
  const { done, planned } = job.requests;
  const stopped = job.state === 'cancelled' || job.state === 'failed';
  return (
    <>
      {job.state === 'running' && (
        <div role="status" data-testid="workspace:progress">
          <p>Adding {job.what}…</p>
          <progress max={Math.max(done, planned, 1)} value={done} aria-label="Requests sent" />
          <p>
            {progressText(job)}; {count(job.credits)} credits spent
          </p>
        </div>
      )}
      {job.state === 'done' && (
        <p role="status" data-testid="workspace:done">
          {job.what} is in the workspace: {count(done)} requests, {count(job.credits)} credits. The
          map and the report now show it.
        </p>
      )}
      {stopped && (
        <div role="alert" className="sync-dialog__problem" data-testid="workspace:stopped">
          <p>
            {job.state === 'cancelled' ? 'Cancelled' : 'The sync stopped'}: {job.message}. The
            workspace still shows what it showed before; Resume goes on from here without asking
            again for what was received.
          </p>
        </div>
      )}
      {problem ? (
        <p role="alert" className="sync-dialog__problem">
          {errorText(problem)}
        </p>
      ) : null}
      <div className="sync-dialog__actions">
        {job.state === 'running' ? (
          <button type="button" className="button" onClick={onCancel} autoFocus>
            Cancel
          </button>
        ) : (
          <button type="button" className="button" onClick={onClose} autoFocus={!stopped}>
            Close
          </button>
        )}
        {stopped && (
          <button type="button" className="button button--primary" onClick={onResume} autoFocus>
            Resume
          </button>
        )}
      </div>
    </>
  );
}
