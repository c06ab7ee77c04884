// The hot path's reading of a plain latitude-and-longitude query without zod must never differ
// from LocateQuery's: whenever it reads a point, zod reads the same one from the same query.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocateQuery } from '../../contract/schemas/locate';
import { plainPoint } from './plain-locate-query';

const space = fc.constantFrom('', ' ', '\t', '\u00a0', '\n');
/** Numbers written every way a client might, near and past the bounds, and things that are not. */
const numberText = fc.oneof(
  fc.double({ min: -200, max: 200, noNaN: true }).map(String),
  fc.integer({ min: -200, max: 200 }).map(String),
  fc
    .tuple(
      fc.constantFrom('', '+', '-'),
      fc.stringMatching(/^\d{0,3}$/),
      fc.constantFrom('', '.'),
      fc.stringMatching(/^\d{0,4}$/),
      fc.constantFrom('', 'e1', 'E-2', 'e+0', 'e400'),
    )
    .map((parts) => parts.join('')),
  fc.constantFrom('90', '-90', '90.0000001', '180', '-180.5', 'Infinity', 'NaN', '0x10', '1_0', ''),
  fc.string({ maxLength: 6 }),
);
const value = fc.tuple(space, numberText, space).map(([a, n, b]) => a + n + b);
const query = fc.record(
  {
    latitude: value,
    longitude: value,
    sourcekey: fc.string({ maxLength: 4 }),
    matchtype: fc.constantFrom('Parcel', 'x'),
  },
  { requiredKeys: [] },
);

describe('plain locate query', () => {
  it('reads a point only where LocateQuery reads the same point', () => {
    fc.assert(
      fc.property(query, (q) => {
        const plain = plainPoint(q);
        if (plain === null) return;
        const parsed = LocateQuery.safeParse(q);
        expect(parsed.success, JSON.stringify(q)).toBe(true);
        expect(plain, JSON.stringify(q)).toEqual(parsed.data);
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads the query a map click sends, and leaves every other shape to zod', () => {
    expect(plainPoint({ latitude: '39.781234', longitude: '-89.650001' })).toEqual({
      latitude: 39.781234,
      longitude: -89.650001,
    });
    expect(plainPoint({ latitude: ' 1e1 ', longitude: '+.5' })).toEqual({
      latitude: 10,
      longitude: 0.5,
    });
    expect(plainPoint({ latitude: '39.78' })).toBeNull();
    expect(plainPoint({ latitude: '39.78', longitude: '-89.65', sourcekey: 'a' })).toBeNull();
    expect(plainPoint({ latitude: '91', longitude: '0' })).toBeNull();
    expect(plainPoint({ latitude: '0', longitude: 'east' })).toBeNull();
  });
});
