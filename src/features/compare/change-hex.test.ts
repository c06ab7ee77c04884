// The net-change hexagons in the web: the map's class expression (MapLibre's own evaluator)
// equals netClassOf of shared/fixed-change-hex.ts, a cell reads before and after in the card's
// order, and the sums in view count each cell once.
import { createExpression } from '@maplibre/maplibre-gl-style-spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netClassOf, netServedShare } from '../../../shared/fixed-change-hex';
import { readChangeHex, signed, sumChangeHexes } from './change-hex';
import { netClassExpression } from './change-hex-styles';

const parsed = createExpression(netClassExpression, 'net class');
if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
const expression = parsed.value;

const cellArb = fc.record({
  bsls_a: fc.integer({ min: 0, max: 3000 }),
  bsls_b: fc.integer({ min: 0, max: 3000 }),
  net_served: fc.integer({ min: -300, max: 300 }),
});

describe('net-change hexagons', () => {
  it('the map classes a cell as netClassOf does', () => {
    fc.assert(
      fc.property(cellArb, ({ bsls_a, bsls_b, net_served }) => {
        const net_share = netServedShare(net_served, bsls_a, bsls_b);
        const properties = { bsls_a, bsls_b, net_served, net_share };
        const got = expression.evaluate({ zoom: 9 }, { type: 3, properties, geometry: [] });
        expect(got).toBe(netClassOf(net_served, net_share));
      }),
      { numRuns: 500, seed: 14 },
    );
    // One location more served in a big cell rounds to a share of 0 but is still a gain.
    expect(netClassOf(1, netServedShare(1, 2900, 2901))).toBe('gain');
    expect(netClassOf(-40, netServedShare(-40, 400, 380))).toBe('loss_large');
  });

  const props = {
    h3: '872664c1effffff',
    served_a: 10,
    served_b: 14,
    underserved_a: 5,
    underserved_b: 2,
    unserved_a: 3,
    unserved_b: 1,
    locations_a: 30,
    locations_b: 29,
    net_served: 4,
    net_underserved: -3,
    net_unserved: -2,
    net_locations: -1,
    net_share: 0.222,
    few: 0,
  };

  it('reads before and after in the order of the card', () => {
    const a = readChangeHex(props, 'a')!;
    expect(a.before.served).toBe(10);
    expect(a.after.served).toBe(14);
    const b = readChangeHex(props, 'b')!;
    expect(b.before.underserved).toBe(2);
    expect(b.after.underserved).toBe(5);
    expect(b.cls).toBe('gain_large');
    expect(readChangeHex({ served_a: 1 }, 'a')).toBeNull();
  });

  it('sums each cell in view once', () => {
    const one = readChangeHex(props, 'a')!;
    const other = readChangeHex({ ...props, h3: 'other', net_served: 0, net_unserved: 5 }, 'a')!;
    const sums = sumChangeHexes([one, other, one]);
    expect(sums.cells).toBe(2);
    expect(sums.net).toEqual({ served: 4, underserved: -6, unserved: 3, locations: -2 });
    expect(sums.byClass.gain_large).toBe(1);
    expect(sums.byClass.none).toBe(1);
    expect([signed(3), signed(0), signed(-1200)]).toEqual(['+3', '0', '\u22121,200']);
  });
});
