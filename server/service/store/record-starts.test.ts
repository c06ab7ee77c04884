import { describe, expect, it } from 'vitest';
import { packStarts, startAt, startsCount, unpackStarts } from './record-starts';

/** Ascending starts from counts of rows per location. */
const startsOf = (counts: number[]) => {
  const start = new Uint32Array(counts.length + 1);
  counts.forEach((c, i) => (start[i + 1] = start[i]! + c));
  return start;
};

describe('record starts', () => {
  it('give back every start, in about a byte a location when locations have few rows', () => {
    const counts = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 9);
    const start = startsOf(counts);
    const packed = packStarts(start);
    expect(packed.delta).toBeInstanceOf(Uint8Array);
    expect(packed.shift).toBe(6); // 64 locations of 4 rows on average fit a byte, 128 do not
    expect(startsCount(packed)).toBe(5000);
    for (let i = 0; i <= 5000; i++) expect(startAt(packed, i)).toBe(start[i]);
    expect(Array.from(unpackStarts(packed))).toEqual(Array.from(start));
  });

  it('take smaller blocks when a block holds more rows than two bytes count', () => {
    const counts = Array.from({ length: 1000 }, (_, i) => (i === 300 ? 70_000 : i % 3));
    const start = startsOf(counts);
    const packed = packStarts(start);
    expect(packed.shift).toBe(0);
    expect(packed.delta).toBeInstanceOf(Uint8Array); // all 0: each block is one location
    expect(Array.from(unpackStarts(packed))).toEqual(Array.from(start));
    const some = startsOf(Array.from({ length: 1000 }, (_, i) => (i % 64 === 0 ? 20_000 : 1)));
    const mid = packStarts(some);
    expect(mid.shift).toBe(7);
    expect(mid.delta).toBeInstanceOf(Uint16Array);
    expect(Array.from(unpackStarts(mid))).toEqual(Array.from(some));
  });

  it('pack no location at all', () => {
    expect(Array.from(unpackStarts(packStarts([0])))).toEqual([0]);
  });
});
