import { describe, expect, it } from 'vitest';
import { area as turfArea, feature, featureCollection, intersect } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { cutPositions, offGridCoordinate, splitArea } from './split-area';

// A county-like shape with a hole and a concave notch, and a two-piece MultiPolygon.
const notched: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [-89.99, 39.52],
      [-89.22, 39.52],
      [-89.22, 40.0],
      [-89.6, 40.0],
      [-89.6, 39.8],
      [-89.7, 39.8],
      [-89.7, 40.0],
      [-89.99, 40.0],
      [-89.99, 39.52],
    ],
    [
      [-89.5, 39.6],
      [-89.5, 39.7],
      [-89.4, 39.7],
      [-89.4, 39.6],
      [-89.5, 39.6],
    ],
  ],
};
const twoPieces: MultiPolygon = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [-90, 39],
        [-89.5, 39],
        [-89.5, 39.3],
        [-90, 39.3],
        [-90, 39],
      ],
    ],
    [
      [
        [-89.4, 39.1],
        [-89.0, 39.1],
        [-89.0, 39.2],
        [-89.4, 39.2],
        [-89.4, 39.1],
      ],
    ],
  ],
};

function overlapArea(a: Polygon | MultiPolygon, b: Polygon | MultiPolygon): number {
  const both = intersect(featureCollection<Polygon | MultiPolygon>([feature(a), feature(b)]));
  return both ? turfArea(both) : 0;
}

describe.each([
  ['a polygon with a hole and a notch', notched],
  ['a two-piece multipolygon', twoPieces],
])('splitArea on %s', (_name, shape) => {
  it.each([2, 3, 5])('cuts it into %i parts whose areas add up to the whole', (n) => {
    const parts = splitArea(shape, n);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts.length).toBeLessThanOrEqual(n);
    const total = parts.reduce((sum, part) => sum + turfArea(part), 0);
    expect(Math.abs(total - turfArea(shape)) / turfArea(shape)).toBeLessThan(1e-9);
  });

  it('gives parts that do not overlap', () => {
    const parts = splitArea(shape, 4);
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++)
        expect(overlapArea(parts[i]!, parts[j]!)).toBeLessThan(1e-3);
    }
  });
});

describe('cut lines', () => {
  it('lie halfway between 1e-7 degree grid points, so no 7-decimal coordinate is on one', () => {
    for (const cut of cutPositions(-89.99, -89.22, 7)) {
      const scaled = cut * 1e7;
      expect(Math.abs(scaled - Math.floor(scaled) - 0.5)).toBeLessThan(1e-3);
    }
    expect(offGridCoordinate(39.1234567)).not.toBe(39.1234567);
  });

  it('keeps an area too narrow to cut whole', () => {
    const sliver: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1e-8, 0],
          [1e-8, 1e-8],
          [0, 0],
        ],
      ],
    };
    expect(splitArea(sliver, 3)).toEqual([sliver]);
  });
});
