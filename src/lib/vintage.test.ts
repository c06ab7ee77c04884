import { describe, expect, it } from 'vitest';
import { effectiveVintage, vintageLabel } from './vintage';

describe('vintageLabel', () => {
  it('names the month and year', () => {
    expect(vintageLabel('202406')).toBe('Jun 2024');
    expect(vintageLabel('202312')).toBe('Dec 2023');
    expect(vintageLabel('202406', 'long')).toBe('June 2024');
    expect(vintageLabel('202512', 'long')).toBe('December 2025');
  });

  it('leaves anything else as it came', () => {
    expect(vintageLabel('202413')).toBe('202413');
    expect(vintageLabel('june2024')).toBe('june2024');
    expect(vintageLabel('202400', 'long')).toBe('202400');
    expect(vintageLabel('latest', 'long')).toBe('latest');
  });
});

describe('effectiveVintage', () => {
  const available = ['202306', '202312', '202406'];

  it('keeps a chosen vintage the service has', () => {
    expect(effectiveVintage('202312', available)).toBe('202312');
  });

  it('falls back to the newest when nothing or an unknown vintage is chosen', () => {
    expect(effectiveVintage(null, available)).toBe('202406');
    expect(effectiveVintage('201912', ['202406', '202306'])).toBe('202406');
  });

  it('has nothing to offer before the list arrives', () => {
    expect(effectiveVintage('202406', [])).toBeNull();
  });
});
