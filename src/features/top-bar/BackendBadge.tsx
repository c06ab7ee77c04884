import { useHealth } from '../../queries/use-health';
import './backend-badge.css';

/** Says who answers: the synthetic demo (embedded service) or the real upstream host. */
export function BackendBadge() {
  const health = useHealth();
  if (health.isPending)
    return <span className="backend-badge backend-badge--pending">Connecting…</span>;
  if (health.isError) {
    return (
      <button
        type="button"
        className="backend-badge backend-badge--error"
        title="The app server did not answer its health check. Click to try again."
        onClick={() => void health.refetch()}
      >
        Backend unreachable · Retry
      </button>
    );
  }
  const embedded = health.data.backend === 'embedded';
  return (
    <span
      className={embedded ? 'backend-badge backend-badge--demo' : 'backend-badge'}
      title={health.data.label}
    >
      {embedded ? (
        <>
          Demo data<span className="backend-badge__more"> (synthetic)</span>
        </>
      ) : (
        health.data.backend
      )}
    </span>
  );
}
