// The change tables read the service's change block from the release before to the one after,
// whichever side of the request that is, and the CSV carries them with both releases named.
import { describe, expect, it } from 'vitest';
import { report } from '../../../../server/service/store/memory/ops/report';
import { buildFabricIndex } from '../../../../server/service/store/memory/fabric-index';
import { buildScatterFabric } from '../../../../server/service/testing/scatter-fabric';
import { DEFAULT_FIXED_FILTERS } from '../../../../shared/fixed-status';
import type { AreaReport } from '../../../api/report';
import { changeTables } from './report-change-layout';
import { reportCsv } from './report-csv';

const ix = buildFabricIndex(buildScatterFabric(3000, 5));
const area = [
  [
    [
      [-89.69, 39.77],
      [-89.61, 39.77],
      [-89.61, 39.83],
      [-89.69, 39.83],
      [-89.69, 39.77],
    ],
  ],
];

function reportOf(vi: number, ci: number, compare: { vi: number; ci: number }): AreaReport {
  const r = report(ix, vi, ci, area, DEFAULT_FIXED_FILTERS, { maxcount: 1e9, compare });
  if (!r.ok) throw new Error('maxcount');
  return r.response;
}

const num = (text: string) => Number(text.replace(/,/g, ''));

describe('changeTables', () => {
  it('is empty without a compared release', () => {
    const r = report(ix, 4, 4, area, DEFAULT_FIXED_FILTERS, { maxcount: 1e9 });
    expect(r.ok && changeTables(r.response)).toEqual([]);
  });

  it('reads before → after the same way from either side of the request', () => {
    // A = June 2025 compared with B = June 2024, and the reverse: the same change.
    const later = changeTables(reportOf(4, 4, { vi: 2, ci: 2 }));
    const earlier = changeTables(reportOf(2, 2, { vi: 4, ci: 4 }));
    expect(later[0]!.asOf).toBe(
      'Change from fabric as of June 2024 · coverage as of June 2024, to fabric as of June 2025 · coverage as of June 2025',
    );
    expect(earlier[0]!.asOf).toBe(later[0]!.asOf);
    expect(earlier.map((t) => t.rows)).toEqual(later.map((t) => t.rows));
    const [classes, transitions] = later;
    const total = num(classes!.rows.at(-1)!.cells[0]!.text);
    expect(total).toBeGreaterThan(100);
    const newRow = classes!.rows.find((r) => r.label === 'New in the fabric')!;
    expect(num(newRow.cells[0]!.text)).toBeGreaterThan(0);
    // Rows sorted by locations; they add up to every location of either release.
    const counts = transitions!.rows.map((r) => num(r.cells[2]!.text));
    expect(counts).toEqual(counts.toSorted((a, b) => b - a));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
    // A location new in the later fabric reads "Not in the fabric → …", never the reverse.
    const labels = transitions!.rows.map((r) => r.label);
    expect(labels.some((l) => l.startsWith('Not in the fabric → '))).toBe(true);
  });

  it('says so when no location of either release is inside the area', () => {
    const far = [
      [
        [
          [-100, 45],
          [-99.99, 45],
          [-99.99, 45.01],
          [-100, 45],
        ],
      ],
    ];
    const r = report(ix, 4, 4, far, DEFAULT_FIXED_FILTERS, {
      maxcount: 1e9,
      compare: { vi: 2, ci: 2 },
    });
    if (!r.ok) throw new Error('maxcount');
    const tables = changeTables(r.response);
    expect(tables.map((t) => t.note)).toEqual([
      'No location of either release lies inside the area.',
      'No location of either release lies inside the area.',
    ]);
    expect(tables[1]!.rows).toEqual([]);
  });

  it('goes into the CSV with the compared release in the header', () => {
    const r = reportOf(4, 4, { vi: 2, ci: 2 });
    const csv = reportCsv(r, DEFAULT_FIXED_FILTERS, {
      areaName: 'Test',
      generated: new Date(0),
      source: 'Demo data (synthetic): not real locations or offers',
    });
    expect(csv).toContain('Compared with fabric,June 2024 (202406)');
    expect(csv).toContain('What changed, by class');
    expect(csv).toContain('Status before,Status after,Locations,% of locations,Units');
    const row = r.change!.table.toSorted((a, b) => b.locations - a.locations)[0]!;
    // The biggest cell, its statuses as codes (before, then after: B is before here).
    expect(csv).toContain(`,${row.b},${row.a},${row.locations},`);
  });
});
