// Fixed broadband at the location: every BDC offer, the BEAD status, and which offers reach
// the planner's chosen threshold.
import { useState } from 'react';
import { useAppStore } from '../../state/store';
import { useCoverageVintages } from '../../queries/use-coverage-vintages';
import { useFixedCoverage } from '../../queries/use-fixed-coverage';
import { PartError } from '../../components/PartError';
import { servedStatus, type Audience } from '../../../shared/served-status';
import { PartState } from './PartState';
import { FixedCoverageTable } from './FixedCoverageTable';
import { ServedStatusBadge } from './ServedStatusBadge';
import { vintageLabel } from '../../lib/vintage';

export function FixedCoverage({ locationId }: { locationId: number }) {
  const coverageVintage = useAppStore((s) => s.coverageVintage);
  const threshold = useAppStore((s) => s.threshold);
  const [audience, setAudience] = useState<Audience>('residential');
  const coverage = useFixedCoverage(coverageVintage, locationId);
  const vintages = useCoverageVintages();

  return (
    <section className="lp-part" aria-labelledby="lp-fixed-title">
      <div className="lp-part-head">
        <h3 id="lp-fixed-title" className="lp-heading">
          Fixed broadband
        </h3>
        <AudienceSwitch value={audience} onChange={setAudience} />
      </div>
      <p className="lp-asof">
        Coverage data as of{' '}
        {coverageVintage ? vintageLabel(coverageVintage, 'long') : 'the newest release'}
      </p>
      {!coverageVintage && vintages.status === 'error' ? (
        // The offers wait for a coverage vintage; without the list they would load forever.
        <PartError
          what="The coverage vintages"
          error={vintages.error}
          onRetry={() => void vintages.refetch()}
        />
      ) : (
        <PartState query={coverage} loading="Loading providers…" what="Fixed broadband">
          {() => {
            const records = coverage.data ?? [];
            return (
              <>
                <ServedStatusBadge status={servedStatus(records, audience)} audience={audience} />
                <FixedCoverageTable records={records} audience={audience} threshold={threshold} />
              </>
            );
          }}
        </PartState>
      )}
    </section>
  );
}

function AudienceSwitch({ value, onChange }: { value: Audience; onChange: (a: Audience) => void }) {
  return (
    <div className="lp-switch" role="group" aria-label="Offers for">
      {(['residential', 'business'] as const).map((a) => (
        <button
          key={a}
          type="button"
          aria-pressed={value === a}
          className="lp-switch-option"
          onClick={() => onChange(a)}
        >
          {a === 'residential' ? 'Residential' : 'Business'}
        </button>
      ))}
    </div>
  );
}
