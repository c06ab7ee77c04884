import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHANGE_CLASSES,
  bestCountedTier,
  changeClass,
  changeSide,
  type ChangeClass,
  type ChangeSide,
} from './fixed-change';
import {
  DEFAULT_FIXED_FILTERS,
  SPEED_CHOICES,
  TECH_CHOICES,
  countingRule,
  countedTier,
  encodeTiers,
  statusFromOffers,
  type FixedFilters,
  type FixedLocationStatus,
} from './fixed-status';
import type { FixedOffer } from './served-status';

const STATUSES: readonly FixedLocationStatus[] = [
  'served',
  'underserved',
  'unserved',
  'nooffers',
  'notinrelease',
  'notbsl',
];

// Written out by hand, row = status before, column = status after (same best tier both sides).
// S served, U underserved, N unserved, O no offers, R not in release, B not a BSL.
const EXPECTED: Record<FixedLocationStatus, Record<FixedLocationStatus, ChangeClass>> = {
  served: {
    served: 'unchanged',
    underserved: 'lost_service',
    unserved: 'lost_service',
    nooffers: 'lost_service',
    notinrelease: 'reclassified',
    notbsl: 'reclassified',
  },
  underserved: {
    served: 'newly_served',
    underserved: 'unchanged',
    unserved: 'lost_service',
    nooffers: 'lost_service',
    notinrelease: 'reclassified',
    notbsl: 'reclassified',
  },
  unserved: {
    served: 'newly_served',
    underserved: 'newly_underserved',
    unserved: 'unchanged',
    nooffers: 'unchanged',
    notinrelease: 'reclassified',
    notbsl: 'reclassified',
  },
  nooffers: {
    served: 'newly_served',
    underserved: 'newly_underserved',
    unserved: 'unchanged',
    nooffers: 'unchanged',
    notinrelease: 'reclassified',
    notbsl: 'reclassified',
  },
  notinrelease: {
    served: 'reclassified',
    underserved: 'reclassified',
    unserved: 'reclassified',
    nooffers: 'reclassified',
    notinrelease: 'unchanged',
    notbsl: 'reclassified',
  },
  notbsl: {
    served: 'reclassified',
    underserved: 'reclassified',
    unserved: 'reclassified',
    nooffers: 'reclassified',
    notinrelease: 'reclassified',
    notbsl: 'unchanged',
  },
};

const side = (status: FixedLocationStatus, best = 2): ChangeSide => ({ status, best });

describe('changeClass', () => {
  for (const before of STATUSES) {
    for (const after of STATUSES) {
      it(`${before} → ${after}`, () => {
        expect(changeClass(side(before), side(after))).toBe(EXPECTED[before][after]);
        // The retirement flag matters only when the location is gone.
        expect(changeClass(side(before), side(after), true)).toBe(EXPECTED[before][after]);
      });
    }
  }

  it('a location only in the later release is new, whatever its status', () => {
    for (const s of STATUSES) expect(changeClass(null, side(s))).toBe('new');
  });

  it('a location gone from the later release is retired, with or without an equivalent', () => {
    for (const s of STATUSES) {
      expect(changeClass(side(s), null)).toBe('retired');
      expect(changeClass(side(s), null, false)).toBe('retired');
      expect(changeClass(side(s), null, true)).toBe('retired_equivalent');
    }
  });

  it('the same BEAD status with a better or worse counted tier is improved or worsened', () => {
    expect(changeClass(side('served', 2), side('served', 4))).toBe('improved');
    expect(changeClass(side('served', 4), side('served', 3))).toBe('worsened');
    expect(changeClass(side('underserved', 1), side('underserved', 1))).toBe('unchanged');
    // Tiers are not compared across non-BEAD states.
    expect(changeClass(side('notbsl', 1), side('notbsl', 4))).toBe('unchanged');
  });

  it('every class has a label', () => {
    const classes = new Set<ChangeClass>();
    for (const b of STATUSES) for (const a of STATUSES) classes.add(EXPECTED[b][a]);
    for (const c of ['new', 'retired', 'retired_equivalent', 'improved', 'worsened'] as const)
      classes.add(c);
    expect(new Set(CHANGE_CLASSES.map((c) => c.value))).toEqual(classes);
  });
});

const offerArb: fc.Arbitrary<FixedOffer> = fc.record({
  technology_code: fc.constantFrom(0, 10, 40, 50, 60, 61, 70, 71, 72),
  max_advertised_download_speed: fc.constantFrom(0, 24, 25, 100, 250, 1000),
  max_advertised_upload_speed: fc.constantFrom(0, 3, 20, 25, 100),
  low_latency: fc.constantFrom(0, 1),
  business_residential_code: fc.constantFrom('R', 'B', 'X'),
});
const filtersArb: fc.Arbitrary<FixedFilters> = fc.record({
  audience: fc.constantFrom('residential', 'business'),
  speed: fc.constantFrom(...SPEED_CHOICES.map((c) => c.value)),
  tech: fc.constantFrom(...TECH_CHOICES.map((c) => c.value)),
  lowLatency: fc.boolean(),
});

describe('changeSide', () => {
  it('takes the status and best counted tier of the offers under any filters', () => {
    fc.assert(
      fc.property(fc.array(offerArb, { maxLength: 6 }), filtersArb, (offers, filters) => {
        const tiers = encodeTiers(offers, filters.audience);
        const got = changeSide(
          { inRelease: true, bsl: true, offers: offers.length, tiers },
          filters,
        );
        const rule = countingRule(filters);
        const best = Math.max(0, ...offers.map((o) => countedTier(o, rule, filters.audience)));
        expect(bestCountedTier(tiers, filters)).toBe(best);
        expect(got.status).toBe(
          offers.length === 0 ? 'nooffers' : statusFromOffers(offers, filters),
        );
      }),
    );
  });

  it('a location gaining fiber at gigabit over served cable is improved under the defaults', () => {
    const cable: FixedOffer = {
      technology_code: 40,
      max_advertised_download_speed: 100,
      max_advertised_upload_speed: 20,
      low_latency: 1,
      business_residential_code: 'R',
    };
    const fiber: FixedOffer = {
      ...cable,
      technology_code: 50,
      max_advertised_download_speed: 1000,
      max_advertised_upload_speed: 1000,
    };
    const facts = (offers: FixedOffer[]) => ({
      inRelease: true,
      bsl: true,
      offers: offers.length,
      tiers: encodeTiers(offers, 'residential'),
    });
    const f = DEFAULT_FIXED_FILTERS;
    expect(changeClass(changeSide(facts([cable]), f), changeSide(facts([cable, fiber]), f))).toBe(
      'improved',
    );
    expect(changeClass(changeSide(facts([]), f), changeSide(facts([cable]), f))).toBe(
      'newly_served',
    );
  });
});
