import { describe, expect, it } from 'vitest';
import {
  buildingTypeLabel,
  describeMatch,
  formatMeters,
  noMatchMessage,
  unitCountWords,
} from './location-words';

describe('describeMatch', () => {
  it.each([
    ['FootprintParcel', 4.2, 'Footprint and parcel match, 4 m'],
    ['Footprint', 12.6, 'Footprint match, 13 m'],
    ['Parcel', 30, 'Parcel match, 30 m'],
    ['Nearest', 0.4, 'Nearest location, under 1 m'],
  ])('%s at %f m', (type, d, words) => {
    expect(describeMatch(type, d)).toBe(words);
  });

  it('names an unknown matchtype rather than hiding it', () => {
    expect(describeMatch('Address', 2)).toBe('Match (Address), 2 m');
  });
});

describe('noMatchMessage', () => {
  it('names the distance searched and the next step', () => {
    expect(noMatchMessage(50)).toBe(
      'No fabric location within 50 m. Widen the search in Settings.',
    );
  });

  it('suggests another click once the search is already at its widest', () => {
    expect(noMatchMessage(100, 100)).toBe(
      'No fabric location within 100 m. Click closer to a building, or search an address.',
    );
  });
});

describe('words for codes', () => {
  it('counts units in words for small numbers, digits for large', () => {
    expect(unitCountWords(1)).toBe('One unit');
    expect(unitCountWords(4)).toBe('Four units');
    expect(unitCountWords(48)).toBe('48 units');
    expect(unitCountWords(1200)).toBe('1,200 units');
  });

  it('names building types', () => {
    expect(buildingTypeLabel('R')).toBe('Residential');
    expect(buildingTypeLabel('C')).toBe('Community anchor');
    expect(buildingTypeLabel('Q')).toBe('Unknown (Q)');
  });

  it('formats distances', () => {
    expect(formatMeters(1500)).toBe('1.5 km');
  });
});
