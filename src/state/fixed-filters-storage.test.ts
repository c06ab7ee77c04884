import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FIXED_FILTERS } from '../../shared/fixed-status';
import {
  FIXED_FILTERS_KEY,
  fixedFiltersOrDefaults,
  loadFixedFilters,
  saveFixedFilters,
} from './fixed-filters-storage';

afterEach(() => window.localStorage.removeItem(FIXED_FILTERS_KEY));

describe('fixed filters across reloads', () => {
  it('reads back what it wrote', () => {
    const filters = {
      audience: 'business',
      speed: '250/25',
      tech: 'wired',
      lowLatency: true,
    } as const;
    saveFixedFilters(filters);
    expect(loadFixedFilters()).toEqual(filters);
  });

  it('falls back to the defaults for nothing stored, broken JSON or a non-object', () => {
    expect(loadFixedFilters()).toEqual(DEFAULT_FIXED_FILTERS);
    for (const text of ['{', '42', 'null', '"fiber"']) {
      window.localStorage.setItem(FIXED_FILTERS_KEY, text);
      expect(loadFixedFilters()).toEqual(DEFAULT_FIXED_FILTERS);
    }
  });

  it('keeps the good values of a partly bad copy', () => {
    window.localStorage.setItem(
      FIXED_FILTERS_KEY,
      JSON.stringify({ audience: 'business', speed: 7, tech: 'warp', lowlatency: '1' }),
    );
    expect(loadFixedFilters()).toEqual({
      ...DEFAULT_FIXED_FILTERS,
      audience: 'business',
      lowLatency: true,
    });
  });

  it('survives a storage that throws', () => {
    const hostile = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(loadFixedFilters(hostile)).toEqual(DEFAULT_FIXED_FILTERS);
    expect(() => saveFixedFilters(DEFAULT_FIXED_FILTERS, hostile)).not.toThrow();
  });

  it('gives every bad value its default', () => {
    expect(
      fixedFiltersOrDefaults({ audience: 'x', speed: 'y', tech: 'z', lowlatency: 'q' }),
    ).toEqual(DEFAULT_FIXED_FILTERS);
  });
});
