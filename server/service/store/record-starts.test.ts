import { describe, expect, it } from 'vitest';
import { packStarts, startAt, startsCount, unpackStarts } from './record-starts';

/** Ascending starts from counts of rows per location. */
const startsOf = (counts: number[]) => {
  const start = new Uint32Array(counts.length + 1);
  counts.forEach((c, i) => (start[i + 1] = start[i]! + c));
  return start;
};

describe('record starts', () => {
  it('give back every start, in two bytes a location', () => {
    const counts = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 9);
    const start = startsOf(counts);
    const packed = packStarts(start);
    expect(packed.shift).toBe(8);
    expect(packed.delta).toBeInstanceOf(Uint16Array);
    expect(startsCount(packed)).toBe(5000);
    for (let i = 0; i <= 5000; i++) expect(startAt(packed, i)).toBe(start[i]);
    expect(Array.from(unpackStarts(packed))).toEqual(Array.from(start));
  });

  it('take smaller blocks when a block holds more rows than two bytes count', () => {
    const counts = Array.from({ length: 1000 }, (_, i) => (i === 300 ? 70_000 : i % 3));
    const start = startsOf(counts);
    const packed = packStarts(start);
    expect(packed.shift).toBe(0);
    expect(Array.from(unpackStarts(packed))).toEqual(Array.from(start));
    const some = startsOf(Array.from({ length: 1000 }, (_, i) => (i % 64 === 0 ? 20_000 : 1)));
    const mid = packStarts(some);
    expect(mid.shift).toBe(7);
    expect(Array.from(unpackStarts(mid))).toEqual(Array.from(some));
  });

  it('pack no location at all', () => {
    expect(Array.from(unpackStarts(packStarts([0])))).toEqual([0]);
  });
});
