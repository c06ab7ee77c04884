// The map's expression against the shared rule, evaluated by MapLibre's own expression engine
// (the style spec package the map runs): for every filter combination and many locations, the
// one status layer whose filter passes a feature is the status locationFixedStatus gives, so
// the map and the badge cannot disagree.
import fc from 'fast-check';
import { createExpression, featureFilter } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import {
  SPEED_CHOICES,
  TECH_CHOICES,
  encodeTiers,
  locationFixedStatus,
  statusFromOffers,
  type FixedFilters,
  type FixedLocationStatus,
} from '../../../shared/fixed-status';
import type { Audience, FixedOffer } from '../../../shared/served-status';
import { FIXED_PROPERTY, statusExpression, statusFilter } from './status-expression';

const AUDIENCES: readonly Audience[] = ['residential', 'business'];
const STATUSES: readonly FixedLocationStatus[] = [
  'served',
  'underserved',
  'unserved',
  'nooffers',
  'notinrelease',
  'notbsl',
];

const ALL_FILTERS: FixedFilters[] = AUDIENCES.flatMap((audience) =>
  SPEED_CHOICES.flatMap(({ value: speed }) =>
    TECH_CHOICES.flatMap(({ value: tech }) =>
      [false, true].map((lowLatency) => ({ audience, speed, tech, lowLatency })),
    ),
  ),
);

interface Location {
  inrelease: number;
  bsl: number;
  offers: number;
  r: string;
  b: string;
}

function expected(location: Location, filters: FixedFilters): FixedLocationStatus {
  return locationFixedStatus(
    {
      inRelease: location.inrelease === 1,
      bsl: location.bsl === 1,
      offers: location.offers,
      tiers: filters.audience === 'business' ? location.b : location.r,
    },
    filters,
  );
}

const feature = (properties: Location) => ({ type: 1 as const, properties, geometry: [] });
const GLOBALS = { zoom: 14 };

/** Compiled once per filter set: the status expression and the six layer filters. */
const compiled = ALL_FILTERS.map((filters) => {
  const parsed = createExpression(statusExpression(filters), 'status');
  if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
  return {
    filters,
    status: parsed.value,
    layers: STATUSES.map((status) => ({
      status,
      filter: featureFilter(statusFilter(filters, status), 'filter'),
    })),
  };
});

function check(location: Location): void {
  for (const c of compiled) {
    const want = expected(location, c.filters);
    const f = feature(location);
    expect(c.status.evaluate(GLOBALS, f), JSON.stringify({ location, f: c.filters })).toBe(want);
    const drawnBy = c.layers.filter((l) => l.filter.filter(GLOBALS, f)).map((l) => l.status);
    expect(drawnBy).toEqual([want]);
  }
}

const digit = fc.constantFrom('0', '1', '2', '3', '4');
const tierString = fc.array(digit, { minLength: 18, maxLength: 18 }).map((d) => d.join(''));
const locationArb: fc.Arbitrary<Location> = fc.record({
  inrelease: fc.constantFrom(0, 1, 1, 1),
  bsl: fc.constantFrom(0, 1, 1, 1),
  offers: fc.constantFrom(0, 1, 3, 12),
  r: tierString,
  b: tierString,
});

const offerArb: fc.Arbitrary<FixedOffer> = fc.record({
  technology_code: fc.constantFrom(0, 10, 40, 50, 60, 61, 70, 71, 72),
  max_advertised_download_speed: fc.constantFrom(0, 24, 25, 100, 249, 250, 1000),
  max_advertised_upload_speed: fc.constantFrom(0, 3, 19, 20, 25, 100),
  low_latency: fc.constantFrom(0, 1),
  business_residential_code: fc.constantFrom('R', 'B', 'X'),
});

describe('the map status expression', () => {
  it('names its properties as the service tiles carry them', () => {
    expect(FIXED_PROPERTY).toEqual({
      inRelease: 'inrelease',
      bsl: 'bsl',
      offers: 'offers',
      residentialTiers: 'r',
      businessTiers: 'b',
    });
  });

  it('equals locationFixedStatus for any tier strings under all 160 filter sets', () => {
    fc.assert(fc.property(locationArb, check), { numRuns: 100, seed: 13 });
  }, 30_000);

  it('equals statusFromOffers for the tier strings of real offer lists', () => {
    fc.assert(
      fc.property(fc.array(offerArb, { minLength: 1, maxLength: 8 }), (offers) => {
        const location = {
          inrelease: 1,
          bsl: 1,
          offers: offers.length,
          r: encodeTiers(offers, 'residential'),
          b: encodeTiers(offers, 'business'),
        };
        check(location);
        for (const c of compiled) {
          expect(c.status.evaluate(GLOBALS, feature(location))).toBe(
            statusFromOffers(offers, c.filters),
          );
        }
      }),
      { numRuns: 60, seed: 7 },
    );
  }, 30_000);

  it('treats a location without tier strings or with text numbers as the rule does', () => {
    check({ inrelease: 1, bsl: 1, offers: 0, r: '', b: '' });
    const f = feature({ inrelease: '1', bsl: '1', offers: '2', r: '0'.repeat(17) + '4' } as never);
    const bead = compiled[0]!;
    expect(bead.status.evaluate(GLOBALS, f)).toBe('served');
  });

  it('reaches each BEAD status at the edge tiers', () => {
    const seen = new Set<string>();
    for (const c of compiled) {
      for (const tiers of ['0'.repeat(18), '1'.repeat(18), '2'.repeat(18), '4'.repeat(18)]) {
        seen.add(
          c.status.evaluate(
            GLOBALS,
            feature({ inrelease: 1, bsl: 1, offers: 1, r: tiers, b: tiers }),
          ),
        );
      }
    }
    expect([...seen].sort()).toEqual(['served', 'underserved', 'unserved']);
  });
});
