// summarize's rule once the locations inside the area are known, as pure functions over column
// readers: how locations group (discrete values, categories of continuous ones), how groups are
// ordered, what each row holds, and the refusal of an area too costly to test. The memory store
// reads its typed columns; a database store the columns it fetched for the area's candidates.
import type { SummarizeResult, SummaryRow } from '../store';
import { locationFieldDef } from '../field-catalogue';
import { ServiceError } from '../../../contract/errors';

/**
 * Edge tests one request may cost beyond the first FREE_EDGE_TESTS of each location in the
 * area's box. A point reads the edges listed in its grid cell: one to three for drawn areas and
 * county outlines (never counted, so an area over a whole state is refused by maxcount, not by
 * this), a few hundred for a 6,000-turn spiral over the demo county, thousands for an area whose
 * edges all meet where the locations are (25,000 triangles sharing one point over a town).
 * An edge test costs about 25-40 ns, so the limit holds a dense area's extra work to about
 * 0.2 s (npm run bench, "worst-case areas"). Counted before any test is run.
 */
/** A field's value per location as a small code, and the label of each code. */
export interface DiscreteColumn {
  code(i: number): number;
  label(code: number): string;
}

/**
 * How much one area answer may cost: past `maxcount` locations inside, the count is answered
 * instead; past `maxEdgeTests` (MAX_EDGE_TESTS by default) the area is refused as too complex.
 */
export interface AreaLimits {
  maxcount: number;
  maxEdgeTests?: number;
}

export const MAX_EDGE_TESTS = 5_000_000;
/** Edge tests per location that are never counted: what any reasonable area reads. */
export const FREE_EDGE_TESTS = 16;

/** The edge tests counted for a location whose grid cell lists `reads` edges. */
export const countedEdgeTests = (reads: number): number => Math.max(0, reads - FREE_EDGE_TESTS);

/**
 * Whether the edge tests must be counted at all: only when the densest cell, read by every
 * location of the fabric, could pass the limit.
 */
export const mayPassEdgeLimit = (maxEdgesRead: number, locations: number, max: number) =>
  countedEdgeTests(maxEdgesRead) * locations > max;

/** The refusal of an area whose edge tests (counted before any is run) pass the limit. */
export function refuseDenseArea(tests: number, maxEdgeTests: number): void {
  if (tests <= maxEdgeTests) return;
  throw new ServiceError(
    'area_too_complex',
    `the area's edges are too dense where the locations are: ${tests} edge tests past the first ${FREE_EDGE_TESTS} of each location, at most ${maxEdgeTests} for one request (simplify or split the area)`,
    { edgeTests: tests, max: maxEdgeTests },
  );
}

/** Per-location values of the summarizable fields, indexed as `inside` lists locations. */
export interface SummaryColumns {
  discrete(name: string): DiscreteColumn | null;
  continuous(name: string): ArrayLike<number> | null;
}

interface GroupField {
  name: string;
  code(i: number): number;
  label(code: number): string;
  /** Sort order of codes: discrete by label, categories by listorder. */
  byLabel: boolean;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** The summary of the locations listed in `inside` (indexes into `columns`). */
export function summaryOf(
  inside: ArrayLike<number>,
  columns: SummaryColumns,
  fields: string[],
  nocat: boolean,
  maxcount: number,
): SummarizeResult {
  if (inside.length > maxcount) return { ok: false, locationcount: inside.length, maxcount };

  const groupFields: GroupField[] = [];
  const sums: { name: string; values: ArrayLike<number> }[] = [];
  for (const name of fields) {
    const def = locationFieldDef(name);
    if (!def || !def.reportable) throw new Error(`field ${name} is not summarizable`);
    if (def.discrete) {
      const col = columns.discrete(name);
      if (col) groupFields.push({ name, ...col, byLabel: true });
      continue;
    }
    const values = columns.continuous(name);
    if (!values) continue;
    sums.push({ name, values });
    const cats = def.categories;
    if (cats && !nocat) {
      groupFields.push({
        name,
        code(i) {
          const v = values[i];
          const k = cats.findIndex((c) => v >= c.min && v <= c.max);
          return k < 0 ? cats.length : k;
        },
        label: (k) => cats[k]?.label ?? 'other',
        byLabel: false,
      });
    }
  }

  // One group per distinct tuple of codes, keyed by the tuple joined (few groups, many points).
  const groups = new Map<string, { codes: number[]; count: number; sum: Float64Array }>();
  const codes: number[] = Array.from({ length: groupFields.length }, () => 0);
  for (let n = 0; n < inside.length; n++) {
    const i = inside[n];
    for (let f = 0; f < groupFields.length; f++) codes[f] = groupFields[f].code(i);
    const key = codes.join(',');
    let g = groups.get(key);
    if (!g) {
      g = { codes: codes.slice(), count: 0, sum: new Float64Array(sums.length) };
      groups.set(key, g);
    }
    g.count++;
    for (let s = 0; s < sums.length; s++) g.sum[s] += sums[s].values[i];
  }

  const ordered = [...groups.values()].sort((x, y) => {
    for (let f = 0; f < groupFields.length; f++) {
      const gf = groupFields[f];
      if (x.codes[f] === y.codes[f]) continue;
      if (!gf.byLabel) return x.codes[f] - y.codes[f];
      const a = gf.label(x.codes[f]);
      const b = gf.label(y.codes[f]);
      return a < b ? -1 : a > b ? 1 : 0;
    }
    return 0;
  });
  const data = ordered.map((g) => {
    const row: SummaryRow = { locationcount: g.count };
    groupFields.forEach((gf, f) => (row[gf.name] = gf.label(g.codes[f])));
    sums.forEach((s, k) => {
      row[`${s.name}_avg`] = round4(g.sum[k] / g.count);
      row[`${s.name}_cnt`] = g.count;
      row[`${s.name}_sum`] = g.sum[k];
    });
    return row;
  });
  return { ok: true, response: { data, maxcount, locationcount: inside.length } };
}
