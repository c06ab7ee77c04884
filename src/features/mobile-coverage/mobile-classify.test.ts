import { describe, expect, it } from 'vitest';
import { mobileRecord } from './testing/mobile-record';
import {
  NO_MOBILE_FILTER,
  classifyCell,
  recordTier,
  technologyGeneration,
} from './mobile-classify';

const record = mobileRecord;

const nr35 = record({ technology: 5, mindown: 35, minup: 3, providerid: 1 });
const nr7 = record({ technology: 5, mindown: 7, minup: 1, providerid: 2, environment: 1 });
const lte = record({ technology: 4, mindown: 5, minup: 1, providerid: 2 });
const g3 = record({ technology: 3, mindown: 0, minup: 0, providerid: 3, environment: 1 });

describe('recordTier', () => {
  it('names every tier from the service codes', () => {
    expect([nr35, nr7, lte, g3].map(recordTier)).toEqual(['5g-35', '5g-7', '4g', '3g']);
  });

  it('accepts the public files technology codes 300/400/500', () => {
    expect(technologyGeneration(300)).toBe(3);
    expect(technologyGeneration(400)).toBe(4);
    expect(technologyGeneration(500)).toBe(5);
    expect(recordTier({ ...nr35, technology: 500 })).toBe('5g-35');
    expect(recordTier({ ...lte, technology: 400 })).toBe('4g');
  });

  it('ignores a technology it does not know', () => {
    expect(recordTier(record({ technology: 6 }))).toBeNull();
    expect(technologyGeneration(450)).toBeNull();
  });

  it('puts 5G below 35/3 on the 7/1 tier', () => {
    expect(recordTier(record({ technology: 5, mindown: 35, minup: 1 }))).toBe('5g-7');
  });
});

describe('classifyCell', () => {
  const all = [nr35, nr7, lte, g3];

  it('takes the best tier in the cell', () => {
    expect(classifyCell(all, NO_MOBILE_FILTER)).toBe('5g-35');
    expect(classifyCell([g3, lte], NO_MOBILE_FILTER)).toBe('4g');
    expect(classifyCell([g3], NO_MOBILE_FILTER)).toBe('3g');
    expect(classifyCell([nr7, g3], NO_MOBILE_FILTER)).toBe('5g-7');
  });

  it('answers none for a cell without records', () => {
    expect(classifyCell([], NO_MOBILE_FILTER)).toBe('none');
  });

  it('keeps only the chosen carrier', () => {
    expect(classifyCell(all, { ...NO_MOBILE_FILTER, carrier: 2 })).toBe('5g-7');
    expect(classifyCell(all, { ...NO_MOBILE_FILTER, carrier: 3 })).toBe('3g');
    expect(classifyCell(all, { ...NO_MOBILE_FILTER, carrier: 9 })).toBe('none');
  });

  it('keeps only the chosen technology', () => {
    expect(classifyCell(all, { ...NO_MOBILE_FILTER, technology: '5G' })).toBe('5g-35');
    expect(classifyCell(all, { ...NO_MOBILE_FILTER, technology: '4G' })).toBe('4g');
    expect(classifyCell(all, { ...NO_MOBILE_FILTER, technology: '3G' })).toBe('3g');
    expect(classifyCell([nr7], { ...NO_MOBILE_FILTER, technology: '4G' })).toBe('none');
    expect(
      classifyCell([{ ...lte, technology: 400 }], { ...NO_MOBILE_FILTER, technology: '4G' }),
    ).toBe('4g');
  });

  it('keeps only the chosen environment', () => {
    expect(classifyCell(all, { ...NO_MOBILE_FILTER, environment: 1 })).toBe('5g-7');
    expect(classifyCell(all, { ...NO_MOBILE_FILTER, environment: 0 })).toBe('5g-35');
    expect(classifyCell([g3], { ...NO_MOBILE_FILTER, environment: 0 })).toBe('none');
  });

  it('combines filters', () => {
    expect(classifyCell(all, { carrier: 2, technology: '4G', environment: 0 })).toBe('4g');
    expect(classifyCell(all, { carrier: 2, technology: '4G', environment: 1 })).toBe('none');
  });
});
