// A finished report: the total, the three tables, the CSV download and the printable page
// (a copy of the tables outside the app's layout, which the print stylesheet alone shows).
import { parseFixedFilters, DEFAULT_FIXED_FILTERS } from '../../../../shared/fixed-status';
import { useCapabilities } from '../../../queries/use-capabilities';
import type { AreaReportRun } from '../../../queries/use-area-report';
import type { SavedArea } from '../../../state/saved-area';
import { DownloadButton } from '../DownloadButton';
import { reportCsv, reportStamp } from './report-csv';
import { stampedFileName } from '../file-stamp';
import { changeTables } from './report-change-layout';
import { asOfLine, filterLines, reportTables, TOP_PROVIDERS } from './report-layout';
import { ReportPrint } from './ReportPrint';
import { MergedParts } from '../SplitProgress';
import { ReportTables } from './ReportTables';
import { useReportPrint } from './use-report-print';

const integer = new Intl.NumberFormat('en-US');

interface Props {
  area: SavedArea;
  run: AreaReportRun;
  /** When the service answered (ms since the epoch): the date the CSV and the page give. */
  madeAt: number;
}

export function ReportResults({ area, run, madeAt }: Props) {
  const { report } = run;
  const source = useCapabilities().stamp;
  const { print, snapshot } = useReportPrint(area);
  // The filters the service counted under, as it echoed them.
  const parsed = parseFixedFilters(report.filters);
  const filters = parsed.ok ? parsed.filters : DEFAULT_FIXED_FILTERS;
  const tables = [...reportTables(report, filters), ...changeTables(report)];
  const asOf = asOfLine(report);
  const filterText = filterLines(filters)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ');

  return (
    <div className="summary-results" data-testid="report:results">
      <p className="summary-results__total">
        <strong data-testid="report:total">{integer.format(report.locationcount)}</strong> locations
        in {area.name}
        <MergedParts parts={run.parts} elapsedMs={run.elapsedMs} />
      </p>
      <p className="report-table__filters" data-testid="report:filters">
        Counted under the filters: {filterText}
      </p>
      {run.changeProblem && (
        <p className="report-table__filters" role="alert" data-testid="report:change-problem">
          The comparison could not be made: {run.changeProblem} This is the area’s report alone;
          choose another release in the Compare releases card.
        </p>
      )}
      {!report.change && !run.changeProblem && (
        <p className="report-table__filters" data-testid="report:change-off">
          To see what changed here between two releases, choose a release in the Compare releases
          card on the map.
        </p>
      )}
      <ReportTables tables={tables} asOf={asOf} limit={{ providers: TOP_PROVIDERS }} />
      <div className="summary-results__exports">
        <DownloadButton
          file={() => {
            const ctx = { areaName: area.name, generated: new Date(madeAt), source };
            return {
              name: stampedFileName(reportStamp(report, filters, ctx), 'report', 'csv'),
              text: reportCsv(report, filters, ctx),
              type: 'text/csv',
            };
          }}
        >
          Download report CSV
        </DownloadButton>
        <button type="button" className="button" onClick={print}>
          Print report
        </button>
      </div>
      <ReportPrint
        area={area}
        tables={tables}
        asOf={asOf}
        filters={filterText}
        source={source}
        snapshot={snapshot}
        madeAt={madeAt}
      />
    </div>
  );
}
