// The result table as CSV for a spreadsheet (the export scenario), quoted per RFC 4180.
import type { SummaryValue } from '../../queries/summary-merge';

export function csvCell(value: SummaryValue | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  // Quote when the cell holds a separator, a quote or a line break; a leading = + - @ is
  // prefixed so a spreadsheet does not run it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

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
