// The area report as one CSV file: a header block naming the area, the vintages, the filters
// and the date, then each table as the panel shows it (same rounding; counts without
// separators, percentages without the % sign), quoted per RFC 4180 by summary-csv.ts.
import type { FixedFilters } from '../../../../shared/fixed-status';
import type { AreaReport } from '../../../api/report';
import { vintageLabel } from '../../../lib/vintage';
import { changeTables } from './report-change-layout';
import { filterLines, reportTables } from './report-layout';
import { csvCell } from '../csv-cell';

export interface ReportCsvContext {
  areaName: string;
  /** When the report was made, written as an ISO date and time (UTC). */
  generated: Date;
  /** Where the data came from, in words (useCapabilities().stamp); every file says so. */
  source: string;
}

const line = (cells: (string | number)[]) => cells.map((c) => csvCell(c)).join(',');

export function reportCsv(
  report: AreaReport,
  filters: FixedFilters,
  ctx: ReportCsvContext,
): string {
  const lines: string[] = [
    line(['Area report']),
    line(['Area', ctx.areaName]),
    line(['Fabric as of', `${vintageLabel(report.fabric, 'long')} (${report.fabric})`]),
    line(['Coverage as of', `${vintageLabel(report.coverage, 'long')} (${report.coverage})`]),
    ...(report.change
      ? [
          line([
            'Compared with fabric',
            `${vintageLabel(report.change.fabric, 'long')} (${report.change.fabric})`,
          ]),
          line([
            'Compared with coverage',
            `${vintageLabel(report.change.coverage, 'long')} (${report.change.coverage})`,
          ]),
        ]
      : []),
    ...filterLines(filters).map(([name, value]) => line([name, value])),
    line(['Generated', ctx.generated.toISOString().replace(/\.\d+Z$/, 'Z')]),
  ];
  if (ctx.source) lines.push(line(['Data', ctx.source]));
  for (const table of [...reportTables(report, filters), ...changeTables(report)]) {
    lines.push('', line([table.title]));
    if (table.asOf) lines.push(line([table.asOf]));
    lines.push(line([table.labelHeader, ...table.columns.map((c) => c.header)]));
    for (const row of table.rows)
      lines.push(
        line([row.indent ? `  ${row.label}` : row.label, ...row.cells.map((c) => c.value)]),
      );
    if (table.note) lines.push(line([table.note]));
  }
  return `${lines.join('\r\n')}\r\n`;
}
