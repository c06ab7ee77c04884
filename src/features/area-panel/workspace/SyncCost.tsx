// The dialog's first step: what adding the area will cost, from the estimate (requests by
// operation, credits at the service's prices, minutes at the sync's rate), then Start.
import type { UseQueryResult } from '@tanstack/react-query';
import type { SyncEstimateAnswer } from '../../../../shared/workspace-sync';
import { errorText } from '../error-text';
import { addsText, costRows, count, minutesText } from './sync-text';

interface Props {
  estimate: UseQueryResult<SyncEstimateAnswer>;
  /** The last sync was cancelled or failed: starting again resumes it. */
  resume: boolean;
  onStart: () => void;
  onClose: () => void;
  problem: unknown;
}

export function SyncCost({ estimate, resume, onStart, onClose, problem }: Props) {
  const e = estimate.data;
  return (
    <>
      {estimate.isPending && (
        <p role="status" data-testid="workspace:estimating">
          Counting what it will cost (asking the service for the boundaries and location lists,
          which the sync then reuses)…
        </p>
      )}
      {estimate.isError && (
        <div role="alert" className="sync-dialog__problem">
          <p>The estimate failed: {errorText(estimate.error)}</p>
          <button type="button" className="button" onClick={() => void estimate.refetch()}>
            Try again
          </button>
        </div>
      )}
      {e && (
        <div data-testid="workspace:cost">
          <p>{addsText(e)}</p>
          <table className="sync-dialog__table">
            <caption>Requests the sync will send</caption>
            <tbody>
              {costRows(e).map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.requests}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p data-testid="workspace:total">
            {e.exact ? '' : 'At least '}
            {count(e.credits)} credits, {minutesText(e.minutes)}. The estimate itself spent{' '}
            {count(e.spent.credits)} credits; what it asked is kept for the sync.
          </p>
        </div>
      )}
      {problem ? (
        <p role="alert" className="sync-dialog__problem">
          The sync did not start: {errorText(problem)}
        </p>
      ) : null}
      <div className="sync-dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
        {/* Mounted anew once the cost is known, so it then takes the focus. */}
        <button
          key={e ? 'ready' : 'waiting'}
          type="button"
          className="button button--primary"
          onClick={onStart}
          disabled={!e}
          autoFocus={Boolean(e)}
        >
          {resume ? 'Resume' : 'Start'}
        </button>
      </div>
    </>
  );
}
