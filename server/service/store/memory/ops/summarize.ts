// summarize: what is inside a drawn area — counts, sums and averages of location fields,
// grouped by discrete values and by categories of continuous fields. This module finds the
// memory store's locations inside the area; summary-rows.ts (shared with the database store)
// turns them into rows.
import { forEachPresentPoint, type FabricIndex } from '../fabric-index';
import type { Area, SummarizeResult } from '../../store';
import { buildAreaIndex } from '../../rules/area-index';
import { continuousColumn, discreteColumn, type CoverageAt } from './field-values';
import {
  MAX_EDGE_TESTS,
  countedEdgeTests,
  mayPassEdgeLimit,
  refuseDenseArea,
  summaryOf,
  type AreaLimits,
} from '../../rules/summary-rows';

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
  if (mayPassEdgeLimit(index.maxEdgesRead, ix.fabric.locations.count, maxEdgeTests)) {
    forEachPresentPoint(ix, vi, index.bbox, (_i, x, y) => {
      tests += countedEdgeTests(index.edgesAt(x, y));
    });
  }
  refuseDenseArea(tests, maxEdgeTests);
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

export function summarize(
  ix: FabricIndex,
  vi: number,
  area: Area,
  fields: string[],
  nocat: boolean,
  {
    maxcount,
    maxEdgeTests = MAX_EDGE_TESTS,
    at,
  }: AreaLimits & {
    /** Where the computed fields are read (coverage vintage index, audience); by default the vintage's own. */
    at?: CoverageAt;
  },
): SummarizeResult {
  const inside = locationsInArea(ix, vi, area, maxEdgeTests);
  return summaryOf(
    inside,
    {
      discrete: (name) => discreteColumn(ix, vi, name, at),
      continuous: (name) => continuousColumn(ix, vi, name, at),
    },
    fields,
    nocat,
    maxcount,
  );
}
