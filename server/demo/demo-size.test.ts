import { describe, expect, it } from 'vitest';
import { checkDemoSize } from './generate-fabric';

describe('the demo size check', () => {
  it('accepts a fabric of the size asked, and refuses one the county could not hold', () => {
    expect(() => checkDemoSize(85_000, 92_846)).not.toThrow();
    expect(() => checkDemoSize(1_500, 2_123)).not.toThrow();
    // What 10,000,000 gave before the check: 4,315,870 locations, silently.
    expect(() => checkDemoSize(10_000_000, 4_315_870)).toThrow(
      /holds about 4,071,575 current locations at most; 10,000,000 were asked/,
    );
  });
});
