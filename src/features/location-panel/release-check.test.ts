import { describe, expect, it } from 'vitest';
import { releaseCheck } from './release-check';

const VINTAGES = [
  { vintage: '202306', version: 7 },
  { vintage: '202312', version: 8 },
  { vintage: '202406', version: 9 },
  { vintage: '202412', version: 10 },
  { vintage: '202506', version: 11 },
];

const history = (first: number, last: number) => ({
  location_id: 1000000556,
  firstversion: first,
  lastversion: last,
  re_location_id: null,
});

describe('releaseCheck', () => {
  it('is in the release when both the fabric and the coverage release list it', () => {
    expect(releaseCheck(history(7, 11), VINTAGES, '202506', '202506')).toEqual({ inRelease: true });
    expect(releaseCheck(history(9, 10), VINTAGES, '202412', '202406')).toEqual({ inRelease: true });
  });

  it('says when a location left the chosen fabric', () => {
    expect(releaseCheck(history(7, 10), VINTAGES, '202506', '202506')).toEqual({
      inRelease: false,
      reason: 'Retired in June 2025, last listed in December 2024: not in the June 2025 fabric.',
    });
  });

  it('says when a location came after the coverage data', () => {
    expect(releaseCheck(history(11, 11), VINTAGES, '202506', '202412')).toEqual({
      inRelease: false,
      reason:
        'Added in June 2025, after the December 2024 fabric release this coverage data was reported on.',
    });
  });

  it('says when the chosen fabric is older than the location', () => {
    expect(releaseCheck(history(10, 11), VINTAGES, '202406', '202406').inRelease).toBe(false);
  });

  it('checks the coverage release too when the fabric has the location', () => {
    // In the chosen June 2025 fabric, but first listed after the December 2023 filing.
    expect(releaseCheck(history(9, 11), VINTAGES, '202506', '202312')).toEqual({
      inRelease: false,
      reason:
        'Added in June 2024, after the December 2023 fabric release this coverage data was reported on.',
    });
  });

  it('trusts the fabric when no fabric release matches the coverage vintage', () => {
    expect(releaseCheck(history(11, 11), VINTAGES, '202506', '202509')).toEqual({
      inRelease: true,
    });
  });

  it('refuses a status to a location no release lists', () => {
    expect(releaseCheck(undefined, VINTAGES, '202506', '202506').inRelease).toBe(false);
  });
});
