import { describe, expect, it } from 'vitest';
import { cellAtPoint, cellParent } from '../../../lib/geo/h3';
import { areaWithHexes, hexBreakout } from './summary-hexes';

const a = cellParent(cellAtPoint(-89.65, 39.8), 8);
const b = cellParent(cellAtPoint(-89.6, 39.7), 8);

describe('hexBreakout', () => {
  const rows = [
    {
      h3_res8_id: a,
      building_type_code: 'R',
      locationcount: 198,
      unit_count_sum: 200,
      unit_count_cnt: 198,
      unit_count_avg: 1.01,
    },
    {
      h3_res8_id: a,
      building_type_code: 'B',
      locationcount: 2,
      unit_count_sum: 40,
      unit_count_cnt: 2,
      unit_count_avg: 20,
    },
    {
      h3_res8_id: b,
      building_type_code: 'R',
      locationcount: 2,
      unit_count_sum: 4,
      unit_count_cnt: 2,
      unit_count_avg: 2,
    },
  ];

  it('adds rows of one cell and recomputes averages from sums', () => {
    const fc = hexBreakout(rows, 'unit_count_avg');
    const cellA = fc.features.find((f) => f.properties.h3_res8_id === a)!;
    expect(cellA.properties.locationcount).toBe(200);
    expect(cellA.properties.value).toBeCloseTo(240 / 200);
    expect(cellA.geometry.coordinates[0]).toHaveLength(7);
  });

  it('makes a 2-location cell much fainter than a 200-location one', () => {
    const fc = hexBreakout(rows, 'locationcount');
    const [big, small] = [a, b].map(
      (c) => fc.features.find((f) => f.properties.h3_res8_id === c)!.properties,
    );
    expect(big!.opacity).toBeGreaterThan(small!.opacity * 2);
    expect(big!.shade).toBe(1);
    expect(small!.shade).toBe(0);
  });

  it('exports the area first, then the hexagons with their measure', () => {
    const area = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [-90, 39],
          [-89, 39],
          [-89, 40],
          [-90, 39],
        ],
      ],
    };
    const stamp = {
      area: 'Town',
      release: { fabric: '202406', coverage: '202406' },
      compared: null,
      filters: { audience: 'residential', speed: '250/25', tech: 'fiber', lowLatency: false },
      generated: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
      source: 'Demo',
    } as const;
    const out = areaWithHexes(area, hexBreakout(rows, 'locationcount'), 'locationcount', stamp);
    expect(out.features).toHaveLength(3);
    // The area says what the hexagons count: releases, filters, date, source.
    expect(out.features[0]!.properties).toMatchObject({
      name: 'Town',
      kind: 'area',
      fabric: '202406',
      speed: '250/25',
      tech: 'fiber',
      generated: '2026-01-02T03:04:05Z',
      data: 'Demo',
    });
    expect(out.features[1]!.properties).toMatchObject({ kind: 'hexagon', locationcount: 200 });
  });
});
