import { describe, expect, it } from 'vitest';
import {
  carriersOf,
  environmentName,
  speedTierWords,
  technologyName,
  tierSpeedWords,
} from './mobile-labels';

const base = {
  providerid: 1,
  brandname: 'Alpha',
  technology: 5,
  mindown: 35,
  minup: 3,
  minsignal: -95,
  environment: 0,
};

describe('mobile labels', () => {
  it('names technologies in either code form', () => {
    expect([3, 4, 5, 300, 400, 500].map(technologyName)).toEqual([
      '3G',
      '4G LTE',
      '5G-NR',
      '3G',
      '4G LTE',
      '5G-NR',
    ]);
    expect(technologyName(7)).toBe('Technology 7');
  });

  it('names environments', () => {
    expect(environmentName(0)).toBe('Outdoor stationary');
    expect(environmentName(1)).toBe('In-vehicle');
  });

  it('says the speed tier in words', () => {
    expect(speedTierWords(base)).toBe('5G-NR 35/3 Mbps');
    expect(speedTierWords({ ...base, mindown: 7, minup: 1 })).toBe('5G-NR 7/1 Mbps');
    expect(speedTierWords({ ...base, technology: 400, mindown: 5, minup: 1 })).toBe(
      '4G LTE 5/1 Mbps',
    );
    expect(speedTierWords({ ...base, technology: 3 })).toBe('3G 0.2/0.05 Mbps');
    expect(tierSpeedWords(base)).toBe('35/3 Mbps');
    expect(tierSpeedWords({ ...base, mindown: 7, minup: 1 })).toBe('7/1 Mbps');
    expect(tierSpeedWords({ ...base, technology: 4 })).toBe('5/1 Mbps');
    expect(tierSpeedWords({ ...base, technology: 3 })).toBe('0.2/0.05 Mbps');
  });

  it('lists each carrier once, by name', () => {
    const records = [
      { ...base, providerid: 2, brandname: 'Zeta' },
      { ...base, providerid: 1, brandname: 'Alpha' },
      { ...base, providerid: 2, brandname: 'Zeta' },
    ];
    expect(carriersOf(records)).toEqual([
      { providerid: 1, brandname: 'Alpha' },
      { providerid: 2, brandname: 'Zeta' },
    ]);
  });
});
