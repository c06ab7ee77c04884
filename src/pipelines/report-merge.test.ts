// Merging the reports of a split area gives the report of the whole, count for count: the
// parts are cut by the same splitArea the split run uses and reported by the service's own
// report operation over a scattered fabric.
import { describe, expect, it } from 'vitest';
import type { AreaReport } from '../api/report';
import { report } from '../../server/service/store/memory/ops/report';
import { buildFabricIndex } from '../../server/service/store/memory/fabric-index';
import { buildScatterFabric } from '../../server/service/testing/scatter-fabric';
import type { FixedFilters } from '../../shared/fixed-status';
import type { AreaGeometry } from '../lib/geo/area-geojson';
import { splitArea } from '../lib/geo/split-area';
import { mergeReports } from './report-merge';

const ix = buildFabricIndex(buildScatterFabric(6000, 11));
const rings = (g: AreaGeometry) => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates);

function reportOf(
  area: AreaGeometry,
  filters: FixedFilters,
  compare: { vi: number; ci: number } | null = null,
): AreaReport {
  const r = report(ix, 4, 2, rings(area), filters, { maxcount: 1e9, compare });
  if (!r.ok) throw new Error('maxcount');
  return r.response;
}

const area: AreaGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [-89.69, 39.77],
      [-89.61, 39.78],
      [-89.62, 39.83],
      [-89.68, 39.82],
      [-89.69, 39.77],
    ],
  ],
};

describe('mergeReports', () => {
  it.each<FixedFilters>([
    { audience: 'residential', speed: 'bead', tech: 'any', lowLatency: false },
    { audience: 'business', speed: '250/25', tech: 'wired', lowLatency: true },
  ])('of the parts equals the report of the whole (%o)', (filters) => {
    const whole = reportOf(area, filters);
    expect(whole.locationcount).toBeGreaterThan(500);
    for (const n of [2, 5]) {
      const parts = splitArea(area, n);
      expect(parts.length).toBe(n);
      expect(mergeReports(parts.map((p) => reportOf(p, filters)))).toEqual(whole);
    }
  });

  it('adds the change block of the parts as the whole counts it', () => {
    const filters: FixedFilters = {
      audience: 'residential',
      speed: 'bead',
      tech: 'any',
      lowLatency: false,
    };
    const compare = { vi: 1, ci: 3 };
    const whole = reportOf(area, filters, compare);
    expect(whole.change!.locationcount).toBeGreaterThan(whole.locationcount);
    expect(whole.change!.table.length).toBeGreaterThan(10);
    for (const n of [3, 7]) {
      const parts = splitArea(area, n).map((p) => reportOf(p, filters, compare));
      // Each part alone has fewer kinds of transition: the merge must add cells it lacks.
      expect(parts.some((p) => p.change!.table.length < whole.change!.table.length)).toBe(true);
      expect(mergeReports(parts)).toEqual(whole);
    }
  });
});
