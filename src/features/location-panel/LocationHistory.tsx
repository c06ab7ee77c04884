// The fabric releases the location existed in; a retired one points to its equivalent.
import { useAppStore } from '../../state/store';
import { useFabricVintages } from '../../queries/use-fabric-vintages';
import { useHistory } from '../../queries/use-history';
import { PartError } from '../../components/PartError';
import { buildTimeline } from './history-timeline';
import { vintageLabel } from '../../lib/vintage';

export function LocationHistory({ locationId }: { locationId: number }) {
  const vintage = useAppStore((s) => s.fabricVintage);
  const selectLocation = useAppStore((s) => s.selectLocation);
  const history = useHistory(vintage, locationId);
  const vintages = useFabricVintages();

  let body;
  if (history.status === 'pending' || vintages.status === 'pending') {
    body = (
      <p className="lp-muted lp-loading" role="status">
        Loading history…
      </p>
    );
  } else if (history.status === 'error' || vintages.status === 'error') {
    const failed = history.status === 'error' ? history : vintages;
    body = <PartError what="History" error={failed.error} onRetry={() => void failed.refetch()} />;
  } else {
    const record = history.data[0];
    if (!record || vintage === null) {
      body = <p className="lp-muted">No history for this location.</p>;
    } else {
      const timeline = buildTimeline(record, vintages.data, vintage);
      body = (
        <>
          <ol className="lp-timeline" aria-label="Fabric vintages">
            {timeline.steps.map((step) => (
              <li
                key={step.vintage}
                className={step.present ? 'lp-step lp-step-present' : 'lp-step'}
                aria-current={step.vintage === vintage ? 'true' : undefined}
              >
                <span className="lp-step-dot" aria-hidden="true" />
                <span className="lp-step-label">{vintageLabel(step.vintage, 'long')}</span>
                <span className="lp-visually-hidden">
                  {step.present ? ': in the fabric' : ': not in the fabric'}
                </span>
              </li>
            ))}
          </ol>
          {timeline.retired && (
            <div className="lp-retired">
              <span className="lp-badge lp-badge-retired">Retired</span>
              {timeline.replacedBy !== null ? (
                <button
                  type="button"
                  className="button"
                  onClick={() => selectLocation(timeline.replacedBy as number)}
                >
                  Go to current equivalent
                </button>
              ) : (
                <span className="lp-muted">No current equivalent is named.</span>
              )}
            </div>
          )}
        </>
      );
    }
  }

  return (
    <section className="lp-part" aria-labelledby="lp-history-title">
      <h3 id="lp-history-title" className="lp-heading">
        History
      </h3>
      {body}
    </section>
  );
}
