import { describe, expect, it } from 'vitest';
import { mobileRecord } from './testing/mobile-record';
import { hexRows } from './hex-rows';

const record = mobileRecord;

describe('hexRows', () => {
  it('reads every field in words, carrier by name then best tier first', () => {
    const rows = hexRows([
      record({ brandname: 'Zeta', providerid: 9, technology: 3, mindown: 0.2, minup: 0.05 }),
      record({ technology: 4, environment: 1, minsignal: -110 }),
      record({ technology: 5, mindown: 35, minup: 3, minsignal: -95 }),
      record({ technology: 5, mindown: 7, minup: 1 }),
    ]);
    expect(
      rows.map((r) => [r.carrier, r.technology, r.speedTier, r.environment, r.minSignalDbm]),
    ).toEqual([
      ['Alpha', '5G-NR', '35/3 Mbps', 'Outdoor stationary', -95],
      ['Alpha', '5G-NR', '7/1 Mbps', 'Outdoor stationary', -100],
      ['Alpha', '4G LTE', '5/1 Mbps', 'In-vehicle', -110],
      ['Zeta', '3G', '0.2/0.05 Mbps', 'Outdoor stationary', -100],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
});
