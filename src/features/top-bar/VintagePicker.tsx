// A labelled select of vintages with its loading and error states. The store may hold a
// vintage from the URL that the service lacks; then the newest is shown (and stored, by the
// vintages workflow in app/use-workflows.ts).
import { useId } from 'react';
import { effectiveVintage, vintageLabel } from '../../lib/vintage';
import './vintage-picker.css';

interface Props {
  label: string;
  /** Ascending, as the vintages operations answer. */
  vintages: readonly string[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  value: string | null;
  onChange: (vintage: string) => void;
}

export function VintagePicker({
  label,
  vintages,
  isPending,
  isError,
  onRetry,
  value,
  onChange,
}: Props) {
  const id = useId();
  const available = vintages ?? [];
  const shown = effectiveVintage(value, available);

  return (
    <div className="vintage-picker">
      <label className="vintage-picker__label" htmlFor={id}>
        {label}
      </label>
      {isError ? (
        <div className="vintage-picker__error" role="alert">
          <span>Unavailable</span>
          <button type="button" className="button button--ghost" onClick={onRetry}>
            Retry
          </button>
        </div>
      ) : (
        <select
          id={id}
          className="select vintage-picker__select"
          disabled={isPending || available.length === 0}
          value={shown ?? ''}
          onChange={(e) => onChange(e.target.value)}
        >
          {isPending && <option value="">Loading…</option>}
          {!isPending && available.length === 0 && <option value="">None</option>}
          {available.toReversed().map((v, i) => (
            <option key={v} value={v}>
              {vintageLabel(v)}
              {i === 0 ? ' (latest)' : ''}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
