// The fixed broadband legend's body against a service without coverage tiles: at street zoom the
// status legend with how far the view's locations have loaded from the published operations;
// further out, why nothing is drawn (locations load per view only at street zoom; the hexagons
// need tiles this service does not publish) and a way to street level.
import type { FixedFilters } from '../../../shared/fixed-status';
import { PartError } from '../../components/PartError';
import type { FixedViewState } from '../../queries/use-fixed-view-locations';
import { FIXED_POINT_MIN_ZOOM } from './fixed-styles';
import { StatusLegend } from './FixedLegend';
import type { StatusCounts } from './use-fixed-counts';

/** Locations load for the view from this zoom (see use-fixed-view-locations.ts for the bound). */
export const VIEW_LOAD_MIN_ZOOM = 15;

const n = (value: number) => value.toLocaleString('en-US');
const WHY =
  'this service has no coverage tiles, so locations load for the view from its published operations';

function Progress({ view }: { view: FixedViewState }) {
  let text: string;
  if (view.state === 'finding') text = 'Finding the locations in view…';
  else if (view.state === 'loading')
    text = `Loading ${n(view.loaded)} of ${n(view.total)} locations…`;
  else if (view.state === 'loaded')
    text = `${n(view.total)} ${view.total === 1 ? 'location' : 'locations'} in and around the view, loaded from the service's published operations`;
  else return null;
  return (
    <p className="fb-legend__caption" role="status" data-testid="fixed:view-progress">
      {text}
    </p>
  );
}

export function ViewLoadLegend({
  zoom,
  view,
  counts,
  filters,
  onStreetZoom,
}: {
  zoom: number | null;
  view: FixedViewState;
  counts: StatusCounts | null;
  filters: FixedFilters;
  onStreetZoom: () => void;
}) {
  if (zoom !== null && zoom < VIEW_LOAD_MIN_ZOOM) {
    return (
      <div data-testid="fixed:view-note">
        <p className="fb-legend__note" role="status">
          Zoom in to street level (zoom {VIEW_LOAD_MIN_ZOOM}) to see each location&apos;s status:{' '}
          {WHY}.
        </p>
        {zoom < FIXED_POINT_MIN_ZOOM && (
          <p className="fb-legend__note" data-testid="fixed:hex-unavailable">
            Hexagons of the share unserved are not available here: they are drawn from coverage
            tiles, which only the reference service publishes.
          </p>
        )}
        <button type="button" className="button" onClick={onStreetZoom}>
          Zoom to street level
        </button>
      </div>
    );
  }
  if (view.state === 'too-many') {
    return (
      <p className="fb-legend__note" role="status" data-testid="fixed:view-note">
        More than {n(view.limit)} locations in view: zoom in to load them. Locations load for the
        view from this service&apos;s published operations (it has no coverage tiles), at most{' '}
        {n(view.limit)} a view.
      </p>
    );
  }
  return (
    <>
      <StatusLegend counts={counts} filters={filters} />
      {view.state === 'error' ? (
        <PartError what="The locations in view" error={view.error} onRetry={view.retry} />
      ) : (
        <Progress view={view} />
      )}
    </>
  );
}
