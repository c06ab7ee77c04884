// What the panel shows while an area is asked for: its progress in parts when the area holds
// more than the service counts per request, and a Cancel button; then, if it did not end in
// an answer, its failure or its cancelling. The report and the custom summary both show them,
// each with its own words.
import type { ReactNode } from 'react';
import { errorText } from './error-text';

interface Props {
  progress: { done: number; total: number } | null | undefined;
  /** "counting it in parts" / "summarizing it in parts". */
  inParts: string;
  /** The progress bar's name: "Parts counted". */
  partsLabel: string;
  /** The line shown while the area is asked in one request. */
  whole: ReactNode;
  onCancel: () => void;
}

export function SplitProgress({ progress, inParts, partsLabel, whole, onCancel }: Props) {
  return (
    <div className="area-panel__status" role="status" data-testid="area-panel:progress">
      {progress ? (
        <>
          <p>
            The area holds more than the service's limit per request; {inParts}: {progress.done} of{' '}
            {progress.total} parts
          </p>
          <progress max={progress.total} value={progress.done} aria-label={partsLabel} />
        </>
      ) : (
        <p>{whole}</p>
      )}
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** After a split run, what the total line adds: how many parts were merged, in how long. */
export function MergedParts({ parts, elapsedMs }: { parts: number; elapsedMs: number }) {
  if (parts <= 1) return null;
  return (
    <span className="summary-results__parts">
      {' '}
      (merged from {parts} parts in {(elapsedMs / 1000).toFixed(1)} s)
    </span>
  );
}

/** A query whose run ended without an answer: its failure, and how to ask it again. */
interface Run {
  error: unknown;
  refetch: () => unknown;
}

/** A run that failed: what failed ("The report failed"), the service's words, and Retry. */
export function RunFailed({ what, run }: { what: string; run: Run }) {
  return (
    <div className="area-panel__error" role="alert">
      <p>
        {what}: {errorText(run.error)}
      </p>
      <button type="button" className="button" onClick={() => void run.refetch()}>
        Retry
      </button>
    </div>
  );
}

/** A run the planner cancelled, and the button (`again`) that asks it again. */
export function RunCancelled({ what, again, run }: { what: string; again: string; run: Run }) {
  return (
    <div className="area-panel__status">
      <p>{what} was cancelled.</p>
      <button type="button" className="button" onClick={() => void run.refetch()}>
        {again}
      </button>
    </div>
  );
}
