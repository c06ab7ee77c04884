import { describe, expect, it } from 'vitest';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { decodeArea, encodeArea } from './area-code';

const ring = (points: Position[]): Position[] => [...points, points[0]!];
const square: Polygon = {
  type: 'Polygon',
  coordinates: [
    ring([
      [-89.66, 39.77],
      [-89.64, 39.77],
      [-89.64, 39.79],
      [-89.66, 39.79],
    ]),
  ],
};

/** A circle of n vertices around Springfield, as the Circle tool draws one. */
function circle(n: number, r = 0.02): Polygon {
  const points: Position[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    points.push([-89.65 + r * Math.cos(a) * 1.3, 39.78 + r * Math.sin(a)]);
  }
  return { type: 'Polygon', coordinates: [ring(points)] };
}

describe('encodeArea and decodeArea', () => {
  it('round-trips a polygon exactly when it lies on the 1e-5° grid', () => {
    const code = encodeArea(square);
    expect(decodeArea(code)).toEqual({ ok: true, geometry: square });
  });

  it('round-trips a multipolygon with a hole, each ring closed again', () => {
    const multi: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [
        [
          square.coordinates[0]!,
          ring([
            [-89.655, 39.775],
            [-89.655, 39.785],
            [-89.645, 39.785],
          ]),
        ],
        [
          ring([
            [-89.5, 39.7],
            [-89.49, 39.7],
            [-89.49, 39.71],
          ]),
        ],
      ],
    };
    expect(decodeArea(encodeArea(multi))).toEqual({ ok: true, geometry: multi });
  });

  it('keeps every position within half a unit of 1e-5° and uses only URL-safe characters', () => {
    const shape = circle(64);
    const code = encodeArea(shape);
    expect(encodeURIComponent(code)).toBe(code);
    const back = decodeArea(code);
    if (!back.ok || back.geometry.type !== 'Polygon') throw new Error('not decoded');
    const [out] = back.geometry.coordinates;
    expect(out).toHaveLength(65);
    out!.forEach(([lng, lat], i) => {
      const [lng0, lat0] = shape.coordinates[0]![i]!;
      expect(Math.abs(lng! - lng0!)).toBeLessThanOrEqual(0.5e-5 + 1e-12);
      expect(Math.abs(lat! - lat0!)).toBeLessThanOrEqual(0.5e-5 + 1e-12);
    });
  });

  it('drops positions that rounding makes repeat', () => {
    const near: Polygon = {
      type: 'Polygon',
      coordinates: [
        ring([
          [-89.66, 39.77],
          [-89.660001, 39.770001],
          [-89.64, 39.77],
          [-89.64, 39.79],
        ]),
      ],
    };
    const back = decodeArea(encodeArea(near));
    expect(back.ok && back.geometry.coordinates[0]).toHaveLength(4);
  });

  it('spends a few characters per vertex: a 64-vertex circle fits a link, 1,000 do not', () => {
    // Deltas of 0.0001° to 0.002° take 2 or 3 characters a coordinate.
    expect(encodeArea(circle(64)).length).toBeLessThan(400);
    expect(encodeArea(circle(1000)).length).toBeGreaterThan(2000);
  });

  it.each([
    ['', 'it is empty'],
    ['AB!C', 'ring 1 of polygon 1 holds “!”, which no area code has'],
    ['AAAAAg', 'ring 1 of polygon 1 ends inside a number (the link was cut short?)'],
    ['AAAA', 'ring 1 of polygon 1 has fewer than 3 positions'],
    ['AAAAA', 'ring 1 of polygon 1 has a longitude without its latitude'],
    [`${encodeArea(square)}.AAAA`, 'ring 2 of polygon 1 has fewer than 3 positions'],
    ['gggggggggA', 'ring 1 of polygon 1 holds a number too long for a coordinate'],
  ])('refuses %j: %s', (code, reason) => {
    expect(decodeArea(code)).toEqual({ ok: false, reason });
  });
});
