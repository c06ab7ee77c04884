// The loading and error look every part of the panel shares, so each part can fail alone.
import type { ReactNode } from 'react';
import { PartError } from '../../components/PartError';

/** What a part needs from a TanStack query to show its state. */
export interface PartQuery {
  status: 'pending' | 'error' | 'success';
  error: unknown;
  refetch: () => unknown;
}

interface PartStateProps {
  query: PartQuery;
  /** Shown while loading, e.g. "Loading history…". */
  loading: string;
  /** What failed, e.g. "History". */
  what: string;
  children: () => ReactNode;
}

export function PartState({ query, loading, what, children }: PartStateProps) {
  if (query.status === 'pending') {
    return (
      <p className="lp-muted lp-loading" role="status">
        {loading}
      </p>
    );
  }
  if (query.status === 'error') {
    return <PartError what={what} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children()}</>;
}
