// The compare layer's expression against the shared rule (shared/fixed-change.ts), evaluated by
// MapLibre's own expression engine: for many pairs of sides under every filter set and both
// orders, the class the map draws is the class changeClass gives.
import fc from 'fast-check';
import { createExpression } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import {
  QUIET_CHANGE_CLASSES,
  changeClass,
  changeSide,
  type ChangeSide,
} from '../../../shared/fixed-change';
import { SPEED_CHOICES, TECH_CHOICES, type FixedFilters } from '../../../shared/fixed-status';
import { earlierSide } from '../../../shared/fixed-change-hex';
import { changeExpression, type Side } from './change-expression';
import { changePaint } from './compare-styles';

const ALL_FILTERS: FixedFilters[] = (['residential', 'business'] as const).flatMap((audience) =>
  SPEED_CHOICES.flatMap(({ value: speed }) =>
    TECH_CHOICES.flatMap(({ value: tech }) =>
      [false, true].map((lowLatency) => ({ audience, speed, tech, lowLatency })),
    ),
  ),
);

interface SideProps {
  present: number;
  inrelease: number;
  bsl: number;
  offers: number;
  r: string;
  b: string;
}

const digit = fc.constantFrom('0', '1', '2', '3', '4');
const tierString = fc.array(digit, { minLength: 18, maxLength: 18 }).map((d) => d.join(''));
const sideArb: fc.Arbitrary<SideProps> = fc.record({
  present: fc.constantFrom(0, 1, 1, 1),
  inrelease: fc.constantFrom(0, 1, 1, 1),
  bsl: fc.constantFrom(0, 1, 1, 1),
  offers: fc.constantFrom(0, 1, 3),
  r: tierString,
  b: tierString,
});

const compiled = ALL_FILTERS.flatMap((filters) =>
  (['a', 'b'] as Side[]).map((earlier) => {
    const parsed = createExpression(changeExpression(filters, earlier), 'change');
    if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
    return { filters, earlier, expression: parsed.value };
  }),
);

function sideOf(p: SideProps, filters: FixedFilters): ChangeSide | null {
  if (p.present !== 1) return null;
  const tiers = filters.audience === 'business' ? p.b : p.r;
  return changeSide(
    { inRelease: p.inrelease === 1, bsl: p.bsl === 1, offers: p.offers, tiers },
    filters,
  );
}

/** A compare tile's feature with side a and side b (and an equivalent when retired). */
function featureOf(a: SideProps, b: SideProps, equivalent: boolean) {
  const properties: Record<string, number | string> = {};
  for (const [name, value] of Object.entries(a)) properties[`${name}_a`] = value;
  for (const [name, value] of Object.entries(b)) properties[`${name}_b`] = value;
  if (equivalent) properties.re_location_id = 42;
  return { type: 1 as const, properties, geometry: [] };
}

describe('the compare layer expression', () => {
  it('equals changeClass under every filter set, both orders, with and without equivalents', () => {
    fc.assert(
      fc.property(sideArb, sideArb, fc.boolean(), (a, b, equivalent) => {
        const feature = featureOf(a, b, equivalent);
        for (const c of compiled) {
          const [before, after] = c.earlier === 'a' ? [a, b] : [b, a];
          const want = changeClass(sideOf(before, c.filters), sideOf(after, c.filters), equivalent);
          // The case, not the compiled expression: stringifying that for every evaluation
          // cost most of this test's time.
          const which = { a, b, equivalent, filters: c.filters, earlier: c.earlier };
          expect(c.expression.evaluate({ zoom: 14 }, feature), JSON.stringify(which)).toBe(want);
        }
      }),
      { numRuns: 60, seed: 14 },
    );
  }, 60_000);

  it('draws a hidden class transparent and every other class opaque, still matching it', () => {
    const filters = ALL_FILTERS[0]!;
    const hidden = [...QUIET_CHANGE_CLASSES];
    const { opacity, filter } = changePaint(filters, 'a', hidden);
    const parsedOpacity = createExpression(opacity, 'opacity');
    const parsedFilter = createExpression(filter, 'filter');
    if (parsedOpacity.result !== 'success' || parsedFilter.result !== 'success')
      throw new Error('the paint does not parse');
    const seen = new Set<string>();
    fc.assert(
      fc.property(sideArb, sideArb, fc.boolean(), (a, b, equivalent) => {
        const feature = featureOf(a, b, equivalent);
        const cls = changeClass(sideOf(a, filters), sideOf(b, filters), equivalent);
        seen.add(cls);
        const want = hidden.includes(cls) ? 0 : 1;
        expect(parsedOpacity.value.evaluate({ zoom: 14 }, feature), cls).toBe(want);
        // Hidden is not filtered out: the legend counts what the map has drawn.
        expect(parsedFilter.value.evaluate({ zoom: 14 }, feature), cls).toBe(cls !== 'unchanged');
      }),
      { numRuns: 400, seed: 25 },
    );
    for (const cls of [...hidden, 'newly_served']) expect(seen, cls).toContain(cls);
  });

  it('puts the earlier fabric first, then the earlier coverage', () => {
    const x = (coverage: string, fabric: string) => ({ coverage, fabric });
    expect(earlierSide(x('202506', '202506'), x('202412', '202412'))).toBe('b');
    expect(earlierSide(x('202412', '202412'), x('202506', '202506'))).toBe('a');
    expect(earlierSide(x('202506', '202412'), x('202412', '202506'))).toBe('a');
    expect(earlierSide(x('202506', '202506'), x('202412', '202506'))).toBe('b');
  });
});
