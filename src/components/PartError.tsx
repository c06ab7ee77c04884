// A part of a panel that failed to load, with Retry: each part fails alone, the rest stays.
import { isApiError } from '../api/api-error';
import './part-error.css';

export function PartError({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  const message = isApiError(error) ? error.message : 'Something went wrong.';
  return (
    <div className="part-error" role="alert">
      <p>
        <strong>{what} could not be loaded.</strong> {message}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
