// Merges the summaries of the parts of a split area into the summary of the whole, exactly as
// one request would have answered: counts and sums add, averages are recomputed as sum / cnt,
// and rows are matched by their group values (discrete values and category labels).
import type { SummarizeResponse, SummaryRow } from '../api/schemas';

export type SummaryValue = SummaryRow[string];
/** A summary as one request answers it; a split run's merged parts take the same shape. */
export type SummaryResult = SummarizeResponse;

const MEASURE_SUFFIXES = ['_avg', '_cnt', '_sum'] as const;

/** Whether a row key is a measure (locationcount or <field>_avg/_cnt/_sum) rather than a group value. */
export function isMeasureKey(key: string, fields: readonly string[]): boolean {
  if (key === 'locationcount') return true;
  return MEASURE_SUFFIXES.some(
    (suffix) => key.endsWith(suffix) && fields.includes(key.slice(0, -suffix.length)),
  );
}

/** The identity of a row: its group keys and values, in a stable order. */
export function rowGroupKey(row: SummaryRow, fields: readonly string[]): string {
  const groups = Object.keys(row)
    .filter((key) => !isMeasureKey(key, fields))
    .sort()
    .map((key) => [key, row[key]]);
  return JSON.stringify(groups);
}

function add(a: SummaryValue | undefined, b: SummaryValue | undefined): number {
  return (typeof a === 'number' ? a : 0) + (typeof b === 'number' ? b : 0);
}

/** `fields` are the requested field names (they tell measures from group values). */
export function mergeSummaries(
  parts: readonly SummaryResult[],
  fields: readonly string[],
): SummaryResult {
  const merged = new Map<string, SummaryRow>();
  for (const part of parts) {
    for (const row of part.data) {
      const key = rowGroupKey(row, fields);
      const into = merged.get(key);
      if (!into) {
        merged.set(key, { ...row });
        continue;
      }
      into.locationcount = add(into.locationcount, row.locationcount);
      for (const name of fields) {
        if (!(`${name}_cnt` in row) && !(`${name}_sum` in row)) continue;
        into[`${name}_cnt`] = add(into[`${name}_cnt`], row[`${name}_cnt`]);
        into[`${name}_sum`] = add(into[`${name}_sum`], row[`${name}_sum`]);
      }
    }
  }
  // Averages only after all sums are in; a count of 0 keeps what the service gave (no average).
  for (const row of merged.values()) {
    for (const name of fields) {
      const cnt = row[`${name}_cnt`];
      const sum = row[`${name}_sum`];
      if (typeof cnt === 'number' && typeof sum === 'number' && cnt > 0)
        row[`${name}_avg`] = sum / cnt;
    }
  }
  return {
    data: [...merged.values()],
    locationcount: parts.reduce((total, part) => total + part.locationcount, 0),
    maxcount: parts[0]?.maxcount ?? 0,
  };
}
