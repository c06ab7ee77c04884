import { describe, expect, it } from 'vitest';
import { OFFER_FIELDS, packFixedCoverage } from './fixed-offers';
import { unpackStarts } from '../record-starts';

describe('packFixedCoverage', () => {
  it('stores each distinct offer once and gives every record back as it came', () => {
    const records = {
      provider: [0, 1, 0, 0, 2],
      technology: [50, 40, 50, 50, 61],
      down: [1000, 300, 1000, 1000, 70_000],
      up: [1000, 20, 1000, 500, 25],
      lowLatency: [1, 1, 1, 1, 1],
      businessResidential: [2, 0, 2, 2, 2],
    };
    const start = Uint32Array.from([0, 2, 5]);
    const cov = packFixedCoverage('202406', start, records);
    expect(cov.vintage).toBe('202406');
    expect(Array.from(unpackStarts(cov.start))).toEqual(Array.from(start));
    // Records 0 and 2 are the same offer; 3 differs only in upload speed.
    expect(cov.offers.provider).toHaveLength(4);
    expect(cov.offer).toBeInstanceOf(Uint8Array);
    expect(cov.offer[0]).toBe(cov.offer[2]);
    expect(cov.offer[3]).not.toBe(cov.offer[0]);
    const unpacked = [...cov.offer].map((o) => OFFER_FIELDS.map((field) => cov.offers[field][o]));
    expect(unpacked).toEqual(
      records.provider.map((_, r) => OFFER_FIELDS.map((field) => records[field][r])),
    );
  });

  it('keeps two bytes a record past 256 distinct offers', () => {
    const n = 300;
    const speeds = Array.from({ length: n }, (_, r) => r + 1);
    const cov = packFixedCoverage('202406', Uint32Array.from([0, n]), {
      provider: new Uint8Array(n).fill(0),
      technology: new Uint8Array(n).fill(50),
      down: speeds,
      up: speeds,
      lowLatency: new Uint8Array(n).fill(1),
      businessResidential: new Uint8Array(n).fill(2),
    });
    expect(cov.offer).toBeInstanceOf(Uint16Array);
    expect(cov.offers.down[cov.offer[299]]).toBe(300);
  });
});
