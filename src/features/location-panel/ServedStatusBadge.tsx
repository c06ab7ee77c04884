// The location's status under the fixed broadband filters in one glance, with the rule that
// produced it beside it. A location outside the release, or not a BSL, gets no BEAD status:
// the badge says so and why instead.
import {
  countingRule,
  type FixedFilters,
  type FixedLocationStatus,
} from '../../../shared/fixed-status';
import { SERVED_STATUS_LABEL } from '../../../shared/served-status';

const BADGE: Record<FixedLocationStatus, { text: string; tone: string }> = {
  served: { text: SERVED_STATUS_LABEL.served, tone: 'served' },
  underserved: { text: SERVED_STATUS_LABEL.underserved, tone: 'underserved' },
  unserved: { text: SERVED_STATUS_LABEL.unserved, tone: 'unserved' },
  // No offers at all is unserved by the rules; the rule line says why.
  nooffers: { text: SERVED_STATUS_LABEL.unserved, tone: 'unserved' },
  notinrelease: { text: 'Not in this release', tone: 'none' },
  notbsl: { text: 'Not a BSL', tone: 'none' },
};

/** The rule behind the status, in the filters' terms. */
function ruleText(status: FixedLocationStatus, filters: FixedFilters): string {
  const bead = filters.speed === 'bead';
  const served = bead ? '100/20' : filters.speed;
  const counted = bead
    ? 'reliable, low-latency offer'
    : countingRule(filters).lowLatency
      ? 'low-latency offer'
      : 'offer';
  const who = `${bead ? 'BEAD' : `${served} Mbps`}, ${filters.audience}`;
  switch (status) {
    case 'served':
      return `${who}: a counted ${counted} of at least ${served} Mbps.`;
    case 'underserved':
      return `${who}: a counted ${counted} of 25/3 Mbps, but not ${served}.`;
    case 'unserved':
      return `${who}: no counted ${counted} of at least 25/3 Mbps.`;
    case 'nooffers':
      return `${who}: no fixed broadband offer is reported here at all.`;
    case 'notbsl':
      return 'Not a broadband serviceable location: BEAD gives it no status.';
    case 'notinrelease':
      return '';
  }
}

export function ServedStatusBadge({
  status,
  filters,
  reason,
}: {
  status: FixedLocationStatus;
  filters: FixedFilters;
  /** Why the location is outside the release (only for 'notinrelease'). */
  reason?: string;
}) {
  const badge = BADGE[status];
  const rule =
    status === 'notinrelease'
      ? `${reason ?? ''} No BEAD status is given.`
      : ruleText(status, filters);
  return (
    <div className="lp-status" data-status={status}>
      <span className={`lp-badge lp-badge-${badge.tone}`} data-testid="location-panel:bead-status">
        {badge.text}
      </span>
      <span className="lp-status-rule" data-testid="location-panel:status-rule">
        {rule}
        {filters.speed === 'bead' && BADGE[status].tone !== 'none'
          ? ' Satellite and unlicensed fixed wireless do not count.'
          : ''}
      </span>
    </div>
  );
}
