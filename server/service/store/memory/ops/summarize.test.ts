import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Fabric } from '../../fabric';
import { buildFabricIndex } from '../fabric-index';
import type { Area } from '../../store';
import { FIXTURE_ORIGIN } from '../../../testing/fixture-fabric';
import { SCATTER_SPAN, buildScatterFabric } from '../../../testing/scatter-fabric';
import { buildAreaIndex } from '../../rules/area-index';
import { MAX_EDGE_TESTS } from '../../rules/summary-rows';
import { summarize } from './summarize';
import { startAt } from '../../record-starts';

const fabric = buildScatterFabric(20_000, 3);
const ix = buildFabricIndex(fabric);

// ---- brute force, written independently of the service code ----
function ringCrossings(ring: GeoJSON.Position[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[i + 1];
    if ((y1 <= y && y < y2) || (y2 <= y && y < y1)) {
      if (x < x1 + ((y - y1) / (y2 - y1)) * (x2 - x1)) inside = !inside;
    }
  }
  return inside;
}
const inPolygon = (rings: GeoJSON.Position[][], x: number, y: number) =>
  rings.reduce((inside, ring) => (ringCrossings(ring, x, y) ? !inside : inside), false);
const inArea = (area: Area, x: number, y: number) => area.some((p) => inPolygon(p, x, y));

// Residential offers only (businessResidential 0 R, 2 X), the summary's default audience; a
// non-BSL is never counted (docs/SERVICE.md, "Fixed broadband status under filters").
function beadStatus(f: Fabric, vi: number, i: number): string {
  if (f.locations.bslFlag[i] !== 1) return 'notbsl';
  const c = f.fixedCoverage[vi];
  let s = 'unserved';
  const { technology, lowLatency, down, up, businessResidential } = c.offers;
  for (let r = startAt(c.start, i), end = startAt(c.start, i + 1); r < end; r++) {
    const o = c.offer[r];
    if (businessResidential[o] === 1) continue;
    if (![10, 40, 50, 71, 72].includes(technology[o]) || !lowLatency[o]) continue;
    if (down[o] >= 100 && up[o] >= 20) return 'served';
    if (down[o] >= 25 && up[o] >= 3) s = 'underserved';
  }
  return s;
}
const unitCategory = (u: number) => (u === 1 ? '1' : u <= 4 ? '2-4' : u <= 19 ? '5-19' : '20+');

function bruteForce(vi: number, area: Area): Map<string, { count: number; units: number }> {
  const { locations: l, codes } = fabric;
  const rows = new Map<string, { count: number; units: number }>();
  for (let i = 0; i < l.count; i++) {
    if (!(l.presence[i] & (1 << vi)) || !inArea(area, l.lng[i], l.lat[i])) continue;
    const key = [
      codes.buildingType[l.buildingType[i]],
      beadStatus(fabric, vi, i),
      unitCategory(l.unitCount[i]),
    ].join('|');
    const row = rows.get(key) ?? { count: 0, units: 0 };
    row.count++;
    row.units += l.unitCount[i];
    rows.set(key, row);
  }
  return rows;
}

// ---- random areas: star-shaped rings around a centre, holes strictly inside ----
const coord = fc.double({ min: -SCATTER_SPAN, max: SCATTER_SPAN, noNaN: true });
const starRing = (
  cx: number,
  cy: number,
  radii: number[],
  angles: number[],
  clockwise: boolean,
) => {
  const sorted = angles.slice().sort((a, b) => a - b);
  const ring = sorted.map((a, k) => [cx + radii[k] * Math.cos(a), cy + radii[k] * Math.sin(a)]);
  if (clockwise) ring.reverse();
  ring.push([...ring[0]]);
  return ring;
};
const polygon = fc
  .record({
    cx: coord,
    cy: coord,
    size: fc.double({ min: 0.002, max: 0.04, noNaN: true }),
    n: fc.integer({ min: 3, max: 60 }),
    seed: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 240, maxLength: 240 }),
    hole: fc.boolean(),
  })
  .map(({ cx, cy, size, n, seed, hole }) => {
    const x = FIXTURE_ORIGIN.lng + cx;
    const y = FIXTURE_ORIGIN.lat + cy;
    const radii = seed.slice(0, n).map((s) => size * (0.5 + 0.5 * s));
    const angles = seed.slice(60, 60 + n).map((s, k) => ((k + s) / n) * 2 * Math.PI);
    const rings = [starRing(x, y, radii, angles, false)];
    if (hole) {
      const m = 3 + Math.floor(seed[200] * 10);
      const hr = seed.slice(120, 120 + m).map((s) => size * 0.45 * (0.3 + 0.7 * s));
      rings.push(
        starRing(
          x,
          y,
          hr,
          seed.slice(180, 180 + m).map((s, k) => ((k + s) / m) * 2 * Math.PI),
          true,
        ),
      );
    }
    return rings;
  });
const area = fc.array(polygon, { minLength: 1, maxLength: 3 });

function rowsOf(vi: number, a: Area, nocat = false) {
  const r = summarize(ix, vi, a, ['building_type_code', 'served_status', 'unit_count'], nocat, {
    maxcount: 1e9,
  });
  if (!r.ok) throw new Error('maxcount');
  return r.response;
}

describe('summarize', () => {
  it('equals brute force on random polygons with holes and multipolygons', () => {
    fc.assert(
      fc.property(area, fc.integer({ min: 0, max: 4 }), (a, vi) => {
        const { data, locationcount } = rowsOf(vi, a);
        const expected = bruteForce(vi, a);
        const got = new Map(
          data.map((row) => [
            [row.building_type_code, row.served_status, row.unit_count].join('|'),
            { count: row.locationcount as number, units: row.unit_count_sum as number },
          ]),
        );
        expect(got).toEqual(expected);
        expect(locationcount).toBe([...expected.values()].reduce((s, r) => s + r.count, 0));
        for (const row of data) {
          expect(row.unit_count_cnt).toBe(row.locationcount);
          expect(row.unit_count_avg).toBeCloseTo(
            (row.unit_count_sum as number) / (row.locationcount as number),
            4,
          );
        }
      }),
      { numRuns: 60, seed: 20250630 },
    );
  });

  it('with nocat, groups only by discrete fields and still sums the continuous ones', () => {
    const a: Area = [
      [
        [
          [-89.7, 39.75],
          [-89.6, 39.75],
          [-89.6, 39.85],
          [-89.7, 39.85],
          [-89.7, 39.75],
        ],
      ],
    ];
    const { data, locationcount } = rowsOf(4, a, true);
    expect(data.every((row) => !('unit_count' in row) && 'unit_count_sum' in row)).toBe(true);
    expect(data.reduce((s, r) => s + (r.locationcount as number), 0)).toBe(locationcount);
    expect(new Set(data.map((r) => `${r.building_type_code}|${r.served_status}`)).size).toBe(
      data.length,
    );
  });

  it('a hole removes its locations', () => {
    const outer = [
      [-89.7, 39.75],
      [-89.6, 39.75],
      [-89.6, 39.85],
      [-89.7, 39.85],
      [-89.7, 39.75],
    ];
    const hole = [
      [-89.66, 39.79],
      [-89.66, 39.81],
      [-89.64, 39.81],
      [-89.64, 39.79],
      [-89.66, 39.79],
    ];
    const full = rowsOf(4, [[outer]]).locationcount;
    const holed = rowsOf(4, [[outer, hole]]).locationcount;
    const inHole = rowsOf(4, [[hole.slice().reverse()]]).locationcount;
    expect(inHole).toBeGreaterThan(0);
    expect(holed).toBe(full - inHole);
  });

  it('refuses more than maxcount, accepts exactly maxcount', () => {
    const a: Area = [
      [
        [
          [-89.66, 39.79],
          [-89.64, 39.79],
          [-89.64, 39.81],
          [-89.66, 39.81],
          [-89.66, 39.79],
        ],
      ],
    ];
    const n = rowsOf(4, a).locationcount;
    expect(summarize(ix, 4, a, ['unit_count'], false, { maxcount: n })).toMatchObject({ ok: true });
    expect(summarize(ix, 4, a, ['unit_count'], false, { maxcount: n - 1 })).toEqual({
      ok: false,
      locationcount: n,
      maxcount: n - 1,
    });
  });

  it('refuses an area whose edges all meet where the locations are, naming the limit', () => {
    // 12,000 thin triangles through the middle of the scattered locations, half leaning each
    // way: every grid cell near the middle lists thousands of edges.
    const { lng, lat } = FIXTURE_ORIGIN;
    const n = 12_000;
    const w = (2 * SCATTER_SPAN) / n;
    const pencil: Area = Array.from({ length: n }, (_, k) => {
      const x = lng - SCATTER_SPAN + k * w;
      const top = k % 2 === 0 ? x : 2 * lng - x;
      return [
        [
          [x, lat - SCATTER_SPAN],
          [x + 0.9 * w, lat - SCATTER_SPAN],
          [top, lat + SCATTER_SPAN],
          [x, lat - SCATTER_SPAN],
        ],
      ];
    });
    // About 1,100 edge tests a location on this small fabric, 5.8 million in all; the limit
    // is the service's own, which holds the far larger fabrics' dense areas to the same cost.
    const limit = 5_000_000;
    expect(limit).toBeLessThanOrEqual(MAX_EDGE_TESTS);
    expect(() =>
      summarize(ix, 4, pencil, ['unit_count'], true, { maxcount: 1e9, maxEdgeTests: limit }),
    ).toThrow(
      expect.objectContaining({
        code: 'area_too_complex',
        details: expect.objectContaining({ max: limit }),
      }),
    );
    // A quarter of it is answered.
    const r = summarize(ix, 4, pencil.slice(0, n / 4), ['unit_count'], true, {
      maxcount: 1e9,
      maxEdgeTests: limit,
    });
    expect(r.ok).toBe(true);
  });

  it('reads a few edges per point, not every edge, on a polygon with thousands of vertices', () => {
    const n = 5000;
    const ring = Array.from({ length: n }, (_, k) => {
      const t = (k / n) * 2 * Math.PI;
      const r = 0.028 * (1 + 0.05 * Math.sin(17 * t));
      return [FIXTURE_ORIGIN.lng + r * Math.cos(t), FIXTURE_ORIGIN.lat + r * Math.sin(t)];
    });
    ring.push([...ring[0]]);
    const a: Area = [[ring]];
    const index = buildAreaIndex(a);
    // Testing every edge for every point would read all 5000 per point (seconds for 50k).
    expect(index.maxEdgesRead).toBeLessThan(n / 50);
    const big = buildFabricIndex(buildScatterFabric(30_000, 9));
    const r = summarize(big, 4, a, ['unit_count'], true, { maxcount: 1e9 });
    const { locations: l } = big.fabric;
    let expected = 0;
    for (let i = 0; i < l.count; i++)
      if (l.presence[i] & (1 << 4) && inArea(a, l.lng[i], l.lat[i])) expected++;
    expect(expected).toBeGreaterThan(2_000);
    expect(r.ok && r.response.locationcount).toBe(expected);
  });
});
