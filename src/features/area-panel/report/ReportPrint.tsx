// The report as a printed page: rendered under <body>, outside the app's panels and their
// scrolling, hidden on screen, and the only thing report-print.css lets a printer see. It
// names the area and its releases, shows the area (a map picture when Print report took one,
// else its outline), every table in full, and that demo data is synthetic.
import { createPortal } from 'react-dom';
import type { SavedArea } from '../../../state/saved-area';
import { AreaSketch } from './AreaSketch';
import type { ReportTable } from './report-layout';
import { ReportTables } from './ReportTables';
import './report-print.css';

interface Props {
  area: SavedArea;
  tables: readonly ReportTable[];
  asOf: string;
  filters: string;
  /** Where the data came from, in words (useCapabilities().stamp). */
  source: string;
  snapshot: string | null;
  madeAt: number;
}

export function ReportPrint({ area, tables, asOf, filters, source, snapshot, madeAt }: Props) {
  return createPortal(
    <article className="report-print" data-testid="report:print">
      <header className="report-print__header">
        <h1>Area report: {area.name}</h1>
        <p>{asOf}</p>
        <p>{filters}</p>
        <p>Counted {new Date(madeAt).toLocaleString('en-US')}</p>
        {source && <p className="report-print__notice">Data: {source}</p>}
      </header>
      <figure className="report-print__map">
        {snapshot ? (
          <img src={snapshot} alt={`Map of ${area.name}`} />
        ) : (
          <AreaSketch geometry={area.geometry} />
        )}
        <figcaption>
          {snapshot ? `${area.name} on the map` : `${area.name}, outline, north up`}
        </figcaption>
      </figure>
      <ReportTables tables={tables} asOf={asOf} />
    </article>,
    document.body,
  );
}
