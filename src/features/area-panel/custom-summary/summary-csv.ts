// The result table as CSV for a spreadsheet (the export scenario), quoted per RFC 4180.
import type { SummaryValue } from '../../../pipelines/summary-merge';
import { csvCell } from '../csv-cell';

export interface CsvColumn {
  key: string;
  header: string;
}

/** Header line plus one line per row, CRLF-separated as RFC 4180 writes it. */
export function summaryCsv(
  columns: readonly CsvColumn[],
  rows: readonly Record<string, SummaryValue>[],
): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c.key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Averages as the table shows them: two decimals. Counts and sums are whole already. */
function asShown(key: string, value: SummaryValue | undefined): SummaryValue | undefined {
  return typeof value === 'number' && key.endsWith('_avg') ? Math.round(value * 100) / 100 : value;
}

/**
 * The file a planner downloads: a header block (area, vintages, audience, date: one
 * name,value line each), a blank line, then the table with averages rounded as shown.
 */
export function summaryCsvFile(
  header: readonly [name: string, value: string][],
  columns: readonly CsvColumn[],
  rows: readonly Record<string, SummaryValue>[],
): string {
  const block = header.map(([name, value]) => `${csvCell(name)},${csvCell(value)}`).join('\r\n');
  const shown = rows.map((row) =>
    Object.fromEntries(columns.map((c) => [c.key, asShown(c.key, row[c.key]) ?? null])),
  );
  return `${block}\r\n\r\n${summaryCsv(columns, shown)}`;
}
