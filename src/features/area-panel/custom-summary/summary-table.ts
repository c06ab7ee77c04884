// Turns summarize rows into what the area panel shows: ordered columns (group values first,
// then each continuous field's average, count and sum), rows ordered by value with categories
// in their listorder, and a label per row for the chart.
import type { FieldDef } from '../../../api/schemas';
import { codeLabel, hasCodeLabels } from './code-labels';
import type { CsvColumn } from './summary-csv';
import type { SummaryRow } from '../../../api/schemas';

export interface SummaryColumn extends CsvColumn {
  /** label: what a group column's code means (its key is `<field>_label`). */
  kind: 'group' | 'label' | 'count' | 'measure';
}

export interface SummaryLayout {
  columns: SummaryColumn[];
  groupKeys: string[];
  rows: SummaryRow[];
  /** Numeric columns a chart or the hexagon shading can use. */
  measures: SummaryColumn[];
}

/** A field groups rows when it is discrete, or continuous with categories and nocat off. */
export function groupsBy(def: FieldDef, nocat: boolean): boolean {
  return def.discrete === 1 || (!nocat && (def.categories?.length ?? 0) > 0);
}

function groupRank(def: FieldDef, value: SummaryRow[string]): number | string {
  if (!def.discrete && def.categories) {
    const index = def.categories.findIndex((c) => c.label === value);
    return index === -1 ? def.categories.length : index;
  }
  return value === null ? '' : String(value);
}

function compare(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

export function summaryLayout(
  defs: readonly FieldDef[],
  rows: readonly SummaryRow[],
  nocat: boolean,
): SummaryLayout {
  const ordered = [...defs].sort((a, b) => a.listorder - b.listorder);
  const groupDefs = ordered.filter((d) => groupsBy(d, nocat));
  const continuous = ordered.filter((d) => !d.discrete);
  const columns: SummaryColumn[] = [
    ...groupDefs.flatMap((d): SummaryColumn[] => [
      {
        key: d.fieldname,
        header: d.discrete ? d.fieldname : `${d.fieldname} (category)`,
        kind: 'group',
      },
      ...(hasCodeLabels(d.fieldname)
        ? [{ key: `${d.fieldname}_label`, header: 'Meaning', kind: 'label' as const }]
        : []),
    ]),
    { key: 'locationcount', header: 'Locations', kind: 'count' },
    ...continuous.flatMap((d) => [
      { key: `${d.fieldname}_avg`, header: `${d.fieldname} average`, kind: 'measure' as const },
      { key: `${d.fieldname}_cnt`, header: `${d.fieldname} count`, kind: 'measure' as const },
      { key: `${d.fieldname}_sum`, header: `${d.fieldname} sum`, kind: 'measure' as const },
    ]),
  ];
  const sorted = [...rows].sort((x, y) => {
    for (const d of groupDefs) {
      const c = compare(groupRank(d, x[d.fieldname] ?? null), groupRank(d, y[d.fieldname] ?? null));
      if (c !== 0) return c;
    }
    return 0;
  });
  const labelled = groupDefs.filter((d) => hasCodeLabels(d.fieldname));
  return {
    columns,
    groupKeys: groupDefs.map((d) => d.fieldname),
    rows: labelled.length
      ? sorted.map((row) => {
          const out = { ...row };
          for (const d of labelled)
            out[`${d.fieldname}_label`] = codeLabel(d.fieldname, row[d.fieldname]);
          return out;
        })
      : sorted,
    measures: columns.filter((c) => c.kind === 'count' || c.kind === 'measure'),
  };
}

/** "R · 2-4" for a row; "All locations" when nothing groups. */
export function rowLabel(row: SummaryRow, groupKeys: readonly string[]): string {
  if (groupKeys.length === 0) return 'All locations';
  return groupKeys
    .map((k) => (row[k] === null || row[k] === undefined ? '—' : String(row[k])))
    .join(' · ');
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Counts and sums as integers with separators, averages to 2 decimals; empty for none. */
export function formatCell(
  value: SummaryRow[string] | undefined,
  column: Pick<SummaryColumn, 'key' | 'kind'>,
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (column.key.endsWith('_avg')) return decimal.format(value);
  return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
}
