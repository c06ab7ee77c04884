// The BEAD status in one glance, with the rule that produced it one hover away.
import {
  SERVED_STATUS_LABEL,
  type Audience,
  type ServedStatus,
} from '../../../shared/served-status';

const RULE: Record<ServedStatus, string> = {
  unserved: 'No reliable offer of at least 25/3 Mbps',
  underserved: 'Reliable 25/3 Mbps, but not 100/20',
  served: 'Reliable offer of at least 100/20 Mbps',
};

export function ServedStatusBadge({
  status,
  audience,
}: {
  status: ServedStatus;
  audience: Audience;
}) {
  return (
    <div className="lp-status">
      <span className={`lp-badge lp-badge-${status}`} data-testid="location-panel:bead-status">
        {SERVED_STATUS_LABEL[status]}
      </span>
      <span className="lp-status-rule">
        BEAD, {audience}: {RULE[status]}. Satellite and unlicensed fixed wireless do not count.
      </span>
    </div>
  );
}
