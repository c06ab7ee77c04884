import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIXED_FILTERS,
  fixedFiltersRecord,
  parseFixedFilters,
  statusFromOffers,
} from './fixed-status';
import { parseProviderParameter, providerCounts, recordsOfProvider } from './provider-filter';

const offer = (provider_id: number, down: number, up: number, technology_code = 50) => ({
  provider_id,
  technology_code,
  max_advertised_download_speed: down,
  max_advertised_upload_speed: up,
  low_latency: 1,
  business_residential_code: 'X',
});

describe('the provider filter', () => {
  it('keeps every record without a provider, that provider\u2019s only with one', () => {
    const records = [offer(1, 1000, 100), offer(2, 50, 5), offer(2, 10, 1, 10), offer(4, 5, 1)];
    expect(recordsOfProvider(records, null)).toEqual(records);
    expect(recordsOfProvider(records, 2)).toEqual(records.slice(1, 3));
    expect(recordsOfProvider(records, 3)).toEqual([]);
    expect(providerCounts(undefined, 7)).toBe(true);
    expect(providerCounts(7, 7)).toBe(true);
    expect(providerCounts(8, 7)).toBe(false);
  });

  it('gives a location the status its provider alone claims there', () => {
    const records = [offer(1, 1000, 100), offer(2, 50, 5)];
    const status = (provider: number | null) =>
      statusFromOffers(recordsOfProvider(records, provider), DEFAULT_FIXED_FILTERS);
    expect([status(null), status(1), status(2), status(3)]).toEqual([
      'served',
      'served',
      'underserved',
      'unserved',
    ]);
  });

  it('is a parameter read back as written, absent when none, refused when malformed', () => {
    const filters = { ...DEFAULT_FIXED_FILTERS, provider: 230027 };
    expect(fixedFiltersRecord(filters).provider).toBe('230027');
    expect(parseFixedFilters(fixedFiltersRecord(filters))).toEqual({ ok: true, filters });
    expect('provider' in fixedFiltersRecord(DEFAULT_FIXED_FILTERS)).toBe(false);
    expect(parseProviderParameter('')).toEqual({ ok: true, provider: null });
    for (const bad of ['0', '-3', 'abc', '12.5', '0123', '1234567890']) {
      const parsed = parseFixedFilters({ provider: bad });
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.errors[0]!.parameter).toBe('provider');
    }
  });
});
