import { describe, expect, it } from 'vitest';
import { audienceNote, fixedRowsFor } from './fixed-rows';

function row(brand: string, down: number, up: number, code: 'R' | 'B' | 'X', tech = 50) {
  return {
    brand_name: brand,
    provider_id: 1,
    technology_code: tech,
    max_advertised_download_speed: down,
    max_advertised_upload_speed: up,
    low_latency: 1,
    business_residential_code: code,
  };
}

describe('fixedRowsFor', () => {
  const records = [
    row('Slow DSL', 10, 1, 'X', 10),
    row('Biz Fiber', 2000, 2000, 'B'),
    row('Cable Co', 1000, 35, 'R', 40),
    row('Fiber Co', 1000, 1000, 'X'),
  ];

  it('keeps residential and both, fastest first', () => {
    expect(fixedRowsFor(records, 'residential').map((r) => r.brand_name)).toEqual([
      'Fiber Co',
      'Cable Co',
      'Slow DSL',
    ]);
  });

  it('keeps business and both for businesses', () => {
    expect(fixedRowsFor(records, 'business').map((r) => r.brand_name)).toEqual([
      'Biz Fiber',
      'Fiber Co',
      'Slow DSL',
    ]);
  });

  it('does not reorder the input', () => {
    fixedRowsFor(records, 'residential');
    expect(records[0]?.brand_name).toBe('Slow DSL');
  });
});

describe('audienceNote', () => {
  it('says nothing for offers to both, and names a single audience', () => {
    expect(audienceNote('X')).toBeNull();
    expect(audienceNote('R')).toBe('residential only');
    expect(audienceNote('B')).toBe('business only');
  });
});
