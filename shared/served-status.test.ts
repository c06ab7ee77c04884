import { describe, expect, it } from 'vitest';
import {
  isReliable,
  meetsThreshold,
  servedStatus,
  servesAudience,
  type FixedOffer,
} from './served-status';

function offer(
  down: number,
  up: number,
  over: Partial<
    Omit<FixedOffer, 'max_advertised_download_speed' | 'max_advertised_upload_speed'>
  > = {},
): FixedOffer {
  return {
    technology_code: 50,
    low_latency: 1,
    business_residential_code: 'X',
    ...over,
    max_advertised_download_speed: down,
    max_advertised_upload_speed: up,
  };
}

describe('servedStatus: technologies', () => {
  it.each([10, 40, 50, 71, 72])('technology %i with low latency counts', (technology_code) => {
    expect(servedStatus([offer(100, 20, { technology_code })], 'residential')).toBe('served');
  });

  it.each([60, 61])('satellite technology %i does not count', (technology_code) => {
    expect(servedStatus([offer(1000, 100, { technology_code })], 'residential')).toBe('unserved');
  });

  it('unlicensed fixed wireless (70) does not count', () => {
    expect(servedStatus([offer(1000, 100, { technology_code: 70 })], 'residential')).toBe(
      'unserved',
    );
  });

  it('other technology (0) does not count', () => {
    expect(servedStatus([offer(1000, 100, { technology_code: 0 })], 'residential')).toBe(
      'unserved',
    );
  });

  it('a reliable technology without low latency does not count', () => {
    expect(servedStatus([offer(1000, 1000, { low_latency: 0 })], 'residential')).toBe('unserved');
    expect(isReliable(offer(1000, 1000, { technology_code: 40, low_latency: 0 }))).toBe(false);
  });

  it('no records: unserved', () => {
    expect(servedStatus([], 'residential')).toBe('unserved');
  });
});

describe('servedStatus: thresholds', () => {
  it.each([
    [24, 3, 'unserved'],
    [25, 2, 'unserved'],
    [25, 3, 'underserved'],
    [99, 20, 'underserved'],
    [100, 19, 'underserved'],
    [100, 20, 'served'],
    [1000, 1000, 'served'],
    [0, 0, 'unserved'],
  ] as const)('%i/%i is %s', (down, up, expected) => {
    expect(servedStatus([offer(down, up)], 'residential')).toBe(expected);
  });

  it('the best reliable offer decides; an excluded faster offer does not lift it', () => {
    const offers = [
      offer(50, 10, { technology_code: 10 }),
      offer(500, 50, { technology_code: 61 }),
      offer(300, 30, { technology_code: 70 }),
    ];
    expect(servedStatus(offers, 'residential')).toBe('underserved');
  });

  it('download and upload must come from the same offer', () => {
    const offers = [offer(1000, 5), offer(30, 50)];
    expect(servedStatus(offers, 'residential')).toBe('underserved');
  });
});

describe('servedStatus: residential and business', () => {
  it('business-only offers do not serve residents', () => {
    const offers = [offer(1000, 100, { business_residential_code: 'B' })];
    expect(servedStatus(offers, 'residential')).toBe('unserved');
    expect(servedStatus(offers, 'business')).toBe('served');
  });

  it('residential-only offers do not serve businesses', () => {
    const offers = [offer(1000, 100, { business_residential_code: 'R' })];
    expect(servedStatus(offers, 'residential')).toBe('served');
    expect(servedStatus(offers, 'business')).toBe('unserved');
  });

  it('X offers serve both', () => {
    expect(servesAudience(offer(1, 1, { business_residential_code: 'X' }), 'business')).toBe(true);
    expect(servesAudience(offer(1, 1, { business_residential_code: 'X' }), 'residential')).toBe(
      true,
    );
  });
});

describe('meetsThreshold', () => {
  it.each([
    [25, 3, { down: 25, up: 3 }, true],
    [24, 3, { down: 25, up: 3 }, false],
    [25, 2, { down: 25, up: 3 }, false],
    [100, 20, { down: 100, up: 20 }, true],
    [99, 20, { down: 100, up: 20 }, false],
    [100, 19, { down: 100, up: 20 }, false],
    [1000, 100, { down: 1000, up: 100 }, true],
    [1000, 99, { down: 1000, up: 100 }, false],
  ] as const)('%i/%i against %o: %s', (down, up, threshold, expected) => {
    expect(meetsThreshold(offer(down, up), threshold)).toBe(expected);
  });

  it('ignores technology: the table marks every row that reaches the speed', () => {
    expect(
      meetsThreshold(offer(100, 20, { technology_code: 60, low_latency: 0 }), {
        down: 100,
        up: 20,
      }),
    ).toBe(true);
  });
});
