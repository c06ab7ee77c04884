// The card over the map while the mobile layer is on: the zoom hint when cells would be too
// small to read, else progress, errors, the legend with counts, and the filters. It folds to
// its title (CollapsibleLegend), folded at first on a phone.
import { isApiError } from '../../api/api-error';
import { CollapsibleLegend } from '../../components/CollapsibleLegend';
import type { Carrier } from './mobile-labels';
import type { MobileCoverageFilter } from './mobile-classify';
import { vintageLabel } from '../../lib/vintage';
import type { HexView } from './hex-features';
import { MobileFilters } from './MobileFilters';
import { MobileLegend } from './MobileLegend';

interface Props {
  zoomedIn: boolean;
  onZoomIn: () => void;
  vintage: string | null;
  cellsInView: number;
  view: HexView;
  blocksTotal: number;
  blocksLoaded: number;
  error: Error | null;
  onRetry: () => void;
  filter: MobileCoverageFilter;
  carriers: readonly Carrier[];
  onFilterChange: (filter: Partial<MobileCoverageFilter>) => void;
}

export function MobileCoverageCard(props: Props) {
  const { view, blocksTotal, blocksLoaded } = props;
  const busy = props.zoomedIn && props.error === null && view.loading > 0;
  return (
    <CollapsibleLegend
      id="mobile-coverage"
      title="Mobile coverage"
      className="mc-card"
      busy={busy}
      aside={props.vintage ? `as of ${vintageLabel(props.vintage, 'long')}` : 'Loading vintages…'}
    >
      {!props.zoomedIn ? (
        <div className="mc-card__hint" role="status">
          <p>Zoom in to see mobile coverage.</p>
          <button type="button" className="button" onClick={props.onZoomIn}>
            Zoom in
          </button>
        </div>
      ) : (
        <>
          <div className="mc-card__status" role="status">
            {busy ? (
              <>
                <span>
                  Loading {view.loading.toLocaleString('en-US')} of{' '}
                  {props.cellsInView.toLocaleString('en-US')} cells…
                </span>
                <progress
                  className="mc-card__progress"
                  max={blocksTotal}
                  value={blocksLoaded}
                  aria-label="Mobile coverage cells loaded"
                />
              </>
            ) : (
              props.error === null && (
                <span>{props.cellsInView.toLocaleString('en-US')} hexagons in view</span>
              )
            )}
          </div>
          {props.error && (
            <div className="mc-card__error" role="alert">
              <p>
                <strong>Some cells could not be loaded.</strong>{' '}
                {isApiError(props.error) ? props.error.message : 'The request failed.'}
              </p>
              <button type="button" className="button" onClick={props.onRetry}>
                Retry
              </button>
            </div>
          )}
          <MobileLegend counts={view.counts} loading={view.loading} />
          <MobileFilters
            filter={props.filter}
            carriers={props.carriers}
            onChange={props.onFilterChange}
          />
          <p className="mc-card__note">Best service in each H3 hexagon. Click one for details.</p>
        </>
      )}
    </CollapsibleLegend>
  );
}
