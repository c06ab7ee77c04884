import { useHealth } from '../../queries/use-health';
import { useCapabilities } from '../../queries/use-capabilities';
import './backend-badge.css';

/** Says where the data comes from: the synthetic demo, an imported fabric, a workspace, a host. */
export function BackendBadge() {
  const health = useHealth();
  const caps = useCapabilities();
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
  const demo = caps.data?.kind === 'demo';
  return (
    <span
      className={demo ? 'backend-badge backend-badge--demo' : 'backend-badge'}
      title={caps.stamp}
      data-testid="backend-badge"
    >
      {demo ? (
        <>
          Demo data<span className="backend-badge__more"> (synthetic)</span>
        </>
      ) : (
        caps.label
      )}
    </span>
  );
}
