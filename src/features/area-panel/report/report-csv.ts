// The area report as one CSV file: a header block naming the area, the vintages, the filters
// and the date, then each table as the panel shows it (same rounding; counts without
// separators, percentages without the % sign), quoted per RFC 4180 by summary-csv.ts.
import type { FixedFilters } from '../../../../shared/fixed-status';
import type { AreaReport } from '../../../api/report';
import { changeTables } from './report-change-layout';
import { reportTables } from './report-layout';
import { stampLines, type FileStamp } from '../file-stamp';
import { csvCell } from '../csv-cell';

export interface ReportCsvContext {
  areaName: string;
  /** When the report was made, written as an ISO date and time (UTC). */
  generated: Date;
  /** Where the data came from, in words (useCapabilities().stamp); every file says so. */
  source: string;
}

const line = (cells: (string | number)[]) => cells.map((c) => csvCell(c)).join(',');

/** What the report counts, as every downloaded file states it. */
export function reportStamp(
  report: AreaReport,
  filters: FixedFilters,
  ctx: ReportCsvContext,
): FileStamp {
  return {
    area: ctx.areaName,
    release: report,
    compared: report.change ?? null,
    filters,
    generated: ctx.generated,
    source: ctx.source,
  };
}

export function reportCsv(
  report: AreaReport,
  filters: FixedFilters,
  ctx: ReportCsvContext,
): string {
  const stamp = reportStamp(report, filters, ctx);
  const lines = [line(['Area report']), ...stampLines(stamp).map((pair) => line(pair))];
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
