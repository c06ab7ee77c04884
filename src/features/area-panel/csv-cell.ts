// One cell of a CSV file for a spreadsheet, quoted per RFC 4180: the custom summary's, the
// report's and the location list's files all write their cells with it.
import type { SummaryValue } from '../../pipelines/summary-merge';

export function csvCell(value: SummaryValue | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  // Quote when the cell holds a separator, a quote or a line break; a leading = + - @ is
  // prefixed so a spreadsheet does not run it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
