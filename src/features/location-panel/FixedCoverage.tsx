// Fixed broadband at the location: every BDC offer, the status under the planner's filters
// (the rule the map draws), and which offers reach the filters' speed. The audience switch here
// is the filters' own, so the map re-shades with it. A location outside the fabric or coverage
// release gets no status, only the reason (release-check.ts).
import { useAppStore } from '../../state/store';
import { useCoverageVintages } from '../../queries/use-coverage-vintages';
import { useFabricVintages } from '../../queries/use-fabric-vintages';
import { useFixedCoverage } from '../../queries/use-fixed-coverage';
import { useHistory } from '../../queries/use-history';
import { useLocationData } from '../../queries/use-location-data';
import { PartError } from '../../components/PartError';
import { encodeTiers, locationFixedStatus, type FixedFilters } from '../../../shared/fixed-status';
import { recordsOfProvider } from '../../../shared/provider-filter';
import type { Audience } from '../../../shared/served-status';
import type { FixedRecord } from '../../../shared/coverage-schemas';
import { PartState } from './PartState';
import { FixedCoverageTable } from './FixedCoverageTable';
import { ServedStatusBadge } from './ServedStatusBadge';
import { releaseCheck } from './release-check';
import { vintageLabel } from '../../lib/vintage';

export function FixedCoverage({ locationId }: { locationId: number }) {
  const coverageVintage = useAppStore((s) => s.coverageVintage);
  const filters = useAppStore((s) => s.fixedFilters);
  const setFilters = useAppStore((s) => s.setFixedFilters);
  const coverage = useFixedCoverage(coverageVintage, locationId);
  const vintages = useCoverageVintages();

  return (
    // Named apart from the map's "Fixed broadband" legend: two regions may not share a name.
    <section className="lp-part" aria-label="Fixed broadband at this location">
      <div className="lp-part-head">
        <h3 id="lp-fixed-title" className="lp-heading">
          Fixed broadband
        </h3>
        <AudienceSwitch
          value={filters.audience}
          onChange={(audience) => setFilters({ audience })}
        />
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
                <LocationStatus locationId={locationId} records={records} filters={filters} />
                <FixedCoverageTable records={records} filters={filters} />
              </>
            );
          }}
        </PartState>
      )}
    </section>
  );
}

/**
 * The badge, once the location's releases and BSL flag are known: a status is never shown
 * before it is known that the location is in the releases it would speak for.
 */
function LocationStatus({
  locationId,
  records,
  filters,
}: {
  locationId: number;
  records: readonly FixedRecord[];
  filters: FixedFilters;
}) {
  const fabricVintage = useAppStore((s) => s.fabricVintage);
  const coverageVintage = useAppStore((s) => s.coverageVintage);
  const history = useHistory(fabricVintage, locationId);
  const vintages = useFabricVintages();
  const data = useLocationData(fabricVintage, locationId);
  if (
    history.status !== 'success' ||
    vintages.status !== 'success' ||
    data.status !== 'success' ||
    !fabricVintage ||
    !coverageVintage
  ) {
    const failed = [history, vintages, data].some((q) => q.status === 'error');
    return (
      <p className="lp-muted lp-status" role="status">
        {failed
          ? 'No BEAD status: the releases this location is in could not be checked.'
          : 'Checking the releases…'}
      </p>
    );
  }
  const check = releaseCheck(history.data[0], vintages.data, fabricVintage, coverageVintage);
  const record = data.data[0];
  // Under a provider filter, the badge is what that provider alone claims (as the map).
  const counted = recordsOfProvider(records, filters.provider);
  const status = locationFixedStatus(
    {
      inRelease: check.inRelease && record !== undefined,
      bsl: record?.bsl_flag === 1,
      offers: counted.length,
      tiers: encodeTiers(counted, filters.audience),
    },
    filters,
  );
  const reason = !check.inRelease
    ? check.reason
    : `Not in the ${vintageLabel(fabricVintage, 'long')} fabric.`;
  return <ServedStatusBadge status={status} filters={filters} reason={reason} />;
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
