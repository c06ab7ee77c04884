import { area as turfArea } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { findRingSelfIntersection } from '../../../shared/ring-self-intersection';
import { repairRing } from './ring-repair';

type Ring = [number, number][];
const areaOf = (rings: Ring[]) =>
  rings.reduce((sum, r) => sum + turfArea({ type: 'Polygon', coordinates: [r] }), 0);

describe('repairRing', () => {
  it('keeps a simple ring as it is', () => {
    const square: Ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    expect(repairRing(square)).toEqual([square]);
  });

  it('drops a spike that runs out and back along one line, and repeated vertices', () => {
    const spiked: Ring = [
      [0, 0],
      [1, 0],
      [1, 0],
      [2, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    expect(repairRing(spiked)).toEqual([
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0],
      ],
    ]);
  });

  it('splits a ring that touches itself at a vertex into its two loops', () => {
    const eight: Ring = [
      [0, 0],
      [1, 1],
      [2, 0],
      [3, 1],
      [2, 2],
      [1, 1],
      [0, 2],
      [0, 0],
    ];
    const loops = repairRing(eight);
    expect(loops).toHaveLength(2);
    for (const l of loops) expect(findRingSelfIntersection(l)).toBeNull();
    expect(areaOf(loops)).toBeCloseTo(areaOf([eight]), -2);
  });

  it('splits a bow-tie at its crossing, and drops an island collapsed to a line', () => {
    const bowtie: Ring = [
      [0, 0],
      [2, 2],
      [2, 0],
      [0, 2],
      [0, 0],
    ];
    const loops = repairRing(bowtie);
    expect(loops).toHaveLength(2);
    for (const l of loops) expect(findRingSelfIntersection(l)).toBeNull();
    // Each wing is the triangle from one side of the square to the crossing at (1, 1).
    const wing = turfArea({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [0, 2],
          [0, 0],
        ],
      ],
    });
    expect(areaOf(loops) / (2 * wing)).toBeCloseTo(1, 3);
    expect(
      repairRing([
        [0, 0],
        [1, 1],
        [0, 0],
        [0, 0],
      ]),
    ).toEqual([]);
  });
});
