import { describe, expect, it } from 'vitest';
import { checkDemoSize, generateFabric } from './generate-fabric';

describe('the demo size check', () => {
  it('accepts a fabric of the size asked, and refuses one the county could not hold', () => {
    expect(() => checkDemoSize(85_000, 92_846)).not.toThrow();
    expect(() => checkDemoSize(1_500, 2_123)).not.toThrow();
    // What 10,000,000 gave before the check: 4,315,870 locations, silently.
    expect(() => checkDemoSize(10_000_000, 4_315_870)).toThrow(
      /holds about 4,071,575 current locations at most; 10,000,000 were asked/,
    );
  });

  it("lays a state's small county out again when it comes out short of its share", () => {
    // Bristol County, RI (81 km²) with seed 6 makes 268 of 300 at the first try.
    const asked = { seed: 6, locations: 300, geoid: '44001' };
    expect(() => generateFabric(asked)).toThrow(
      /Bristol County holds about 268 current locations at most; 300 were asked/,
    );
    const fabric = generateFabric({ ...asked, stateShare: true });
    expect(fabric.locations.count).toBeGreaterThanOrEqual(0.9 * 300 * 1.06);
    expect(fabric.county.name).toBe('Bristol County');
  });
});
