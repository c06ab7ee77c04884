// summarize: what is inside a drawn area — counts, sums and averages of location fields,
// grouped by discrete values and by categories of continuous fields.
import { forEachPresentPoint, type FabricIndex } from '../store/memory/fabric-index';
import type { Area, SummarizeResult, SummaryRow } from '../store/store';
import { ServiceError } from '../http/errors';
import { buildAreaIndex } from './area-index';
import { continuousColumn, discreteColumn } from './field-values';
import { locationFieldDef } from '../store/field-catalogue';

/**
 * Edge tests one request may cost. A point reads the edges listed in its grid cell: a few for
 * drawn areas, a few hundred a point for a 6,000-turn spiral over the demo county (about 25
 * million in all), but thousands for an area whose edges all meet where the locations are
 * (25,000 triangles sharing one point over a town: seconds). Counted before any is run.
 */
export const MAX_EDGE_TESTS = 50_000_000;

/** Indexes of the locations of vintage vi inside the area, ascending. */
export function locationsInArea(
  ix: FabricIndex,
  vi: number,
  area: Area,
  maxEdgeTests = MAX_EDGE_TESTS,
): Uint32Array {
  const index = buildAreaIndex(area);
  const [a, b, c, d] = index.bbox;
  if (!(a <= c && b <= d)) return new Uint32Array(0);
  // Counted only when the fabric is large enough for the limit to matter (rarely).
  let tests = 0;
  if (index.maxEdgesRead * ix.fabric.locations.count > maxEdgeTests) {
    forEachPresentPoint(ix, vi, index.bbox, (_i, x, y) => {
      tests += index.edgesAt(x, y);
    });
  }
  if (tests > maxEdgeTests) {
    throw new ServiceError(
      'area_too_complex',
      `the area's edges are too dense where the locations are: ${tests} edge tests, at most ${maxEdgeTests} for one request (simplify or split the area)`,
      { edgeTests: tests, max: maxEdgeTests },
    );
  }
  // A typed array grown by doubling, not a JS array: a 50,000-entry JS array is a large object
  // that stays in the heap until the next full collection (megabytes per request piling up in
  // a worker thread), where a typed array's memory goes as soon as the array is dropped.
  let found = new Uint32Array(1024);
  let n = 0;
  forEachPresentPoint(ix, vi, index.bbox, (i, x, y) => {
    if (!index.contains(x, y)) return;
    if (n === found.length) {
      const grown = new Uint32Array(2 * n);
      grown.set(found);
      found = grown;
    }
    found[n++] = i;
  });
  // Ascending, so the columns summed next are read in order.
  return found.slice(0, n).sort();
}

interface GroupField {
  name: string;
  code(i: number): number;
  label(code: number): string;
  /** Sort order of codes: discrete by label, categories by listorder. */
  byLabel: boolean;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

export function summarize(
  ix: FabricIndex,
  vi: number,
  area: Area,
  fields: string[],
  nocat: boolean,
  maxcount: number,
  maxEdgeTests = MAX_EDGE_TESTS,
): SummarizeResult {
  const inside = locationsInArea(ix, vi, area, maxEdgeTests);
  if (inside.length > maxcount) return { ok: false, locationcount: inside.length, maxcount };

  const groupFields: GroupField[] = [];
  const sums: { name: string; values: ArrayLike<number> }[] = [];
  for (const name of fields) {
    const def = locationFieldDef(name);
    if (!def || !def.reportable) throw new Error(`field ${name} is not summarizable`);
    if (def.discrete) {
      const col = discreteColumn(ix, vi, name);
      if (col) groupFields.push({ name, ...col, byLabel: true });
      continue;
    }
    const values = continuousColumn(ix, vi, name);
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
  for (const i of inside) {
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
