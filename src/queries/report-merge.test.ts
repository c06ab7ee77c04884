// Merging the reports of a split area gives the report of the whole, count for count: the
// parts are cut by the same splitArea the split run uses and reported by the service's own
// report operation over a scattered fabric.
import { describe, expect, it } from 'vitest';
import type { AreaReport } from '../api/report';
import { report } from '../../server/service/ops/report';
import { buildFabricIndex } from '../../server/service/store/memory/fabric-index';
import { buildScatterFabric } from '../../server/service/testing/scatter-fabric';
import type { FixedFilters } from '../../shared/fixed-status';
import type { AreaGeometry } from '../lib/geo/area-geojson';
import { splitArea } from '../lib/geo/split-area';
import { mergeReports } from './report-merge';

const ix = buildFabricIndex(buildScatterFabric(6000, 11));
const rings = (g: AreaGeometry) => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates);

function reportOf(area: AreaGeometry, filters: FixedFilters): AreaReport {
  const r = report(ix, 4, 2, rings(area), filters, 1e9);
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
});
