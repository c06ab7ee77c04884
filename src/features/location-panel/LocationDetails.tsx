// Every part of a selected location; each loads and fails on its own.
import { useEffect } from 'react';
import { useQueries } from '@tanstack/react-query';
import { PartError } from '../../components/PartError';
import { useAppStore } from '../../state/store';
import { useFabricVintages } from '../../queries/use-fabric-vintages';
import { vintageLabel } from '../../lib/vintage';
import { markPanelComplete } from './click-timing';
import { locationPartQueries } from './location-parts';
import { FixedChange } from './FixedChange';
import { FixedCoverage } from './FixedCoverage';
import { LocationHistory } from './LocationHistory';
import { LocationSummary } from './LocationSummary';
import { MatchQuality } from './MatchQuality';

interface Props {
  locationId: number;
  fromClick: boolean;
}

export function LocationDetails({ locationId, fromClick }: Props) {
  const clearSelection = useAppStore((s) => s.clearSelection);
  const vintage = useAppStore((s) => s.fabricVintage);
  const vintages = useFabricVintages();
  // The address, UUID and history wait for a fabric vintage: if the vintages cannot load, say
  // so once here (as LocateStatus does for a click) rather than show them loading forever.
  const blocked = !vintage && vintages.status === 'error';
  usePanelCompleteMark(locationId);
  return (
    <div className="lp-details">
      <div className="lp-header">
        <span className="lp-eyebrow">
          Fabric location{vintage ? ` · ${vintageLabel(vintage, 'long')}` : ''}
        </span>
        <button
          type="button"
          className="button button--ghost lp-close"
          aria-label="Close location"
          onClick={clearSelection}
        >
          ×
        </button>
      </div>
      {fromClick && <MatchQuality />}
      {blocked ? (
        <div className="lp-part">
          <PartError
            what="The fabric vintages"
            error={vintages.error}
            onRetry={() => void vintages.refetch()}
          />
        </div>
      ) : (
        <LocationSummary locationId={locationId} />
      )}
      {/* With a comparison on, what changed comes first: it is what the comparison is for. */}
      <FixedChange locationId={locationId} />
      <FixedCoverage locationId={locationId} />
      {!blocked && <LocationHistory locationId={locationId} />}
    </div>
  );
}

/** Marks the moment every part shows its data (the click-to-panel measure's end). */
function usePanelCompleteMark(locationId: number): void {
  const vintage = useAppStore((s) => s.fabricVintage);
  const coverageVintage = useAppStore((s) => s.coverageVintage);
  // Same keys as the parts use: these observers share their queries, they add no requests.
  const parts = [
    ...useQueries({ queries: locationPartQueries(vintage, coverageVintage, locationId) }),
    useFabricVintages(),
  ];
  // Keyed by what is shown, so a switch between two fully cached locations also counts.
  const shown = parts.every((p) => p.status === 'success')
    ? `${vintage}/${coverageVintage}/${locationId}`
    : null;
  useEffect(() => {
    if (shown !== null) markPanelComplete();
  }, [shown]);
}
