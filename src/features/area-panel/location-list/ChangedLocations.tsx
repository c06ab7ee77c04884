// The changed locations of a compared area: the count per change class (the classes of the
// map's rings and the location panel), the first of them as buttons that select the location
// on the map, and all of them as CSV.
import { CHANGE_CLASSES } from '../../../../shared/fixed-change';
import { useAppStore } from '../../../state/store';
import { DownloadButton } from '../DownloadButton';
import { changedCsv, type ChangeTally, type ListJob } from './location-list-job';

/** Changed locations shown as buttons; the CSV holds all of them. */
export const CHANGED_SHOWN = 100;

const integer = new Intl.NumberFormat('en-US');
const labelOf = new Map(CHANGE_CLASSES.map((c) => [c.value, c.label]));

interface Props {
  job: ListJob;
  changes: ChangeTally;
  fileName: string;
  /** The file's stamp block: what the list counts. */
  header: string;
}

export function ChangedLocations({ job, changes, fileName, header }: Props) {
  const selectLocation = useAppStore((s) => s.selectLocation);
  const shown = changes.rows.slice(0, CHANGED_SHOWN);
  return (
    <div className="changed-locations" data-testid="changed-locations">
      <table className="summary-table report-table__grid" aria-label="Locations by change class">
        <thead>
          <tr>
            <th scope="col">Change</th>
            <th scope="col" className="num">
              Locations
            </th>
          </tr>
        </thead>
        <tbody>
          {CHANGE_CLASSES.map((c) => (
            <tr key={c.value} data-class={c.value}>
              <th scope="row">{c.label}</th>
              <td className="num">{integer.format(changes.counts.get(c.value) ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="report-table__asof">
        {changes.rows.length === 0
          ? 'No location changed between the two releases under the filters.'
          : changes.rows.length > CHANGED_SHOWN
            ? `The first ${CHANGED_SHOWN} of ${integer.format(changes.rows.length)} changed locations; the CSV holds all. Select one to see it on the map.`
            : 'Select one to see it on the map.'}
      </p>
      {shown.length > 0 && (
        <ul className="changed-locations__list" aria-label="Changed locations">
          {shown.map((row) => (
            <li key={row.location_id}>
              <button
                type="button"
                className="button button--ghost changed-locations__item"
                data-location-id={row.location_id}
                data-class={row.change}
                onClick={() => selectLocation(row.location_id)}
              >
                <span className="changed-locations__id">{row.location_id}</span>{' '}
                <span>{row.address || 'No address'}</span>{' '}
                <span className="changed-locations__class">
                  {labelOf.get(row.change!) ?? row.change}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="summary-results__exports">
        <DownloadButton
          file={() => ({
            name: fileName,
            text: changedCsv(job, changes.rows, header),
            type: 'text/csv',
          })}
        >
          Download changed locations (CSV)
        </DownloadButton>
      </div>
    </div>
  );
}
