// "Location list" in the Report tab (README, "Location list"): every location of the area as CSV,
// streamed from the published operations with its progress, a Cancel that keeps nothing, and
// a Retry that goes on where a failure stopped it; comparing, the changed locations listed.
import { isAbortError } from '../../../api/api-error';
import type { SavedArea } from '../../../state/saved-area';
import { AreaHexesDownload } from './AreaHexesDownload';
import { ChangedLocations } from './ChangedLocations';
import { canPickFile, downloadSink, pickFileSink, type CsvSink } from './csv-sink';
import { errorText } from '../error-text';
import type { ListJobState } from './location-list-job';
import { useLocationListJob } from './use-location-list-job';
import './location-list.css';

const integer = new Intl.NumberFormat('en-US');

export function LocationList({ area }: { area: SavedArea }) {
  const list = useLocationListJob(area);
  if (!list) return null;
  const { job, snapshot, fileName, header } = list;
  const { state } = snapshot;
  const busy = state.status === 'running' || state.status === 'error';
  const comparing = job.context.b !== null;

  const download = () => {
    const name = fileName('locations');
    const start = (sink: CsvSink) => job.start(sink, undefined, header('Location list'));
    if (!canPickFile()) return start(downloadSink(name));
    // The save dialog needs the click's gesture: asked before anything else is awaited.
    pickFileSink(name).then(start, (error: unknown) => {
      if (!isAbortError(error)) start(downloadSink(name));
    });
  };

  return (
    <section className="location-list" aria-labelledby="location-list-title">
      <h4 id="location-list-title" className="report-table__title">
        Location list
      </h4>
      <p className="report-table__asof">
        Every location of {area.name}: address, status
        {comparing ? ' at each release and its change' : ''}, best technology and speed, and
        providers, under the filters.
      </p>
      <div className="summary-results__exports">
        <button type="button" className="button" disabled={busy} onClick={download}>
          Download location list (CSV)
        </button>
        <AreaHexesDownload
          area={area}
          job={job}
          snapshot={snapshot}
          fileName={fileName('hexagons', 'geojson')}
          disabled={busy}
        />
        {comparing && !snapshot.changes && (
          <button type="button" className="button" disabled={busy} onClick={() => job.start(null)}>
            List changed locations
          </button>
        )}
      </div>
      <ListStatus
        state={state}
        onCancel={() => job.cancel()}
        onRetry={() => job.retry()}
        onAgain={download}
      />
      {snapshot.changes && (
        <ChangedLocations
          job={job}
          changes={snapshot.changes}
          fileName={fileName('changed-locations')}
          header={header('Changed locations')}
        />
      )}
    </section>
  );
}

interface StatusProps {
  state: ListJobState;
  onCancel: () => void;
  onRetry: () => void;
  onAgain: () => void;
}

function ListStatus({ state, onCancel, onRetry, onAgain }: StatusProps) {
  switch (state.status) {
    case 'idle':
      return null;
    case 'running': {
      const { progress } = state;
      const finding = progress.phase === 'finding';
      const text = finding
        ? 'Finding the locations in the area…'
        : `${integer.format(progress.done)} of ${integer.format(progress.total)} locations`;
      return (
        <div className="area-panel__status location-list__progress" role="status">
          <p>
            {text}
            {progress.waiting > 0 &&
              ` · the service asked to wait ${progress.waiting} s; the list goes on after that`}
          </p>
          <progress
            aria-label="Locations listed"
            max={Math.max(1, progress.total)}
            value={finding ? undefined : progress.done}
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={finding ? undefined : progress.done}
            aria-valuetext={text}
          />
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      );
    }
    case 'error':
      return (
        <div className="area-panel__error" role="alert">
          <p>
            The location list stopped: {errorText(state.error)}.
            {state.progress && state.progress.done > 0
              ? ` ${integer.format(state.progress.done)} locations are kept; Retry goes on from there.`
              : ' Retry starts it again.'}
          </p>
          <button type="button" className="button" onClick={onRetry}>
            Retry
          </button>{' '}
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      );
    case 'replaced':
      return (
        <p className="area-panel__status" role="status">
          The list under way stopped because the releases, filters or area changed; no file was
          saved. Download it again for the new choice.
        </p>
      );
    case 'cancelled':
      return (
        <p className="area-panel__status" role="status">
          Cancelled: no file was saved.
        </p>
      );
    case 'done':
      return (
        <p className="area-panel__status" role="status" data-testid="location-list:done">
          {integer.format(state.count)} locations {state.saved ? 'written' : 'listed'} in{' '}
          {(state.elapsedMs / 1000).toFixed(1)} s.{' '}
          {state.saved && (
            <button type="button" className="button button--ghost" onClick={onAgain}>
              Download again
            </button>
          )}
        </p>
      );
  }
}
