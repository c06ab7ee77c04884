import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIXED_FILTERS,
  SPEED_CHOICES,
  TECH_CHOICES,
  encodeTiers,
  fixedFiltersRecord,
  locationFixedStatus,
  offerTier,
  parseFixedFilters,
  statusFromOffers,
  statusFromTiers,
  type FixedFilters,
} from './fixed-status';
import { servedStatus, type Audience, type FixedOffer } from './served-status';

const AUDIENCES: readonly Audience[] = ['residential', 'business'];

/** Every combination of the four filters (2 × 5 × 8 × 2). */
const ALL_FILTERS: FixedFilters[] = AUDIENCES.flatMap((audience) =>
  SPEED_CHOICES.flatMap(({ value: speed }) =>
    TECH_CHOICES.flatMap(({ value: tech }) =>
      [false, true].map((lowLatency) => ({ audience, speed, tech, lowLatency })),
    ),
  ),
);

// Speeds on both sides of every tier's edges, technology codes including one no choice lists.
const offerArb: fc.Arbitrary<FixedOffer> = fc.record({
  technology_code: fc.constantFrom(0, 10, 40, 50, 60, 61, 70, 71, 72, 99),
  max_advertised_download_speed: fc.constantFrom(0, 10, 24, 25, 99, 100, 249, 250, 999, 1000, 5000),
  max_advertised_upload_speed: fc.constantFrom(0, 2, 3, 19, 20, 24, 25, 99, 100, 1000),
  low_latency: fc.constantFrom(0, 1),
  business_residential_code: fc.constantFrom('R', 'B', 'X'),
});
const offersArb = fc.array(offerArb, { maxLength: 8 });

function offer(down: number, up: number, over: Partial<FixedOffer> = {}): FixedOffer {
  return {
    technology_code: 50,
    low_latency: 1,
    business_residential_code: 'X',
    max_advertised_download_speed: down,
    max_advertised_upload_speed: up,
    ...over,
  };
}

const filters = (over: Partial<FixedFilters>): FixedFilters => ({
  ...DEFAULT_FIXED_FILTERS,
  ...over,
});

describe('tier strings carry what every filter needs', () => {
  it('statusFromTiers(encodeTiers(offers)) equals statusFromOffers under all 160 filter sets', () => {
    fc.assert(
      fc.property(offersArb, (offers) => {
        for (const f of ALL_FILTERS) {
          const tiers = encodeTiers(offers, f.audience);
          expect(tiers).toMatch(/^[0-4]{18}$/);
          expect(statusFromTiers(tiers, f)).toBe(statusFromOffers(offers, f));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('encodes the best tier per code, any latency then low latency', () => {
    const offers = [
      offer(1000, 100, { technology_code: 50, low_latency: 0 }),
      offer(100, 20, { technology_code: 50 }),
      offer(300, 30, { technology_code: 40, business_residential_code: 'B' }),
      offer(25, 3, { technology_code: 61, business_residential_code: 'R', low_latency: 0 }),
    ];
    expect(encodeTiers(offers, 'residential')).toBe('000000420010000000');
    expect(encodeTiers(offers, 'business')).toBe('000033420000000000');
  });
});

describe('the default filters are the BEAD rule', () => {
  it('equal servedStatus for both audiences, whatever the low-latency switch says', () => {
    fc.assert(
      fc.property(offersArb, fc.boolean(), (offers, lowLatency) => {
        for (const audience of AUDIENCES) {
          const f = { ...DEFAULT_FIXED_FILTERS, audience, lowLatency };
          expect(statusFromOffers(offers, f)).toBe(servedStatus(offers, audience));
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('the rule under filters', () => {
  it.each([
    [24, 3, 0],
    [25, 2, 0],
    [25, 3, 1],
    [100, 19, 1],
    [100, 20, 2],
    [250, 24, 2],
    [250, 25, 3],
    [999, 100, 3],
    [1000, 100, 4],
  ])('%i/%i is tier %i', (down, up, tier) => {
    expect(offerTier(offer(down, up))).toBe(tier);
  });

  it('a threshold above the best offer is underserved only when it has 25/3', () => {
    expect(statusFromOffers([offer(300, 30)], filters({ speed: '1000/100' }))).toBe('underserved');
    expect(statusFromOffers([offer(300, 30)], filters({ speed: '250/25' }))).toBe('served');
    expect(statusFromOffers([offer(20, 3)], filters({ speed: '100/20' }))).toBe('unserved');
  });

  it('25/3 has no underserved', () => {
    expect(statusFromOffers([offer(25, 3)], filters({ speed: '25/3' }))).toBe('served');
    expect(statusFromOffers([offer(24, 3)], filters({ speed: '25/3' }))).toBe('unserved');
  });

  it('a threshold counts satellite and unlicensed wireless; BEAD never does', () => {
    const sat = [offer(250, 25, { technology_code: 61, low_latency: 1 })];
    expect(statusFromOffers(sat, filters({ speed: '100/20' }))).toBe('served');
    expect(statusFromOffers(sat, filters({ tech: 'satellite' }))).toBe('unserved');
    const wisp = [offer(100, 20, { technology_code: 70 })];
    expect(statusFromOffers(wisp, filters({ speed: '100/20', tech: 'fixedwireless' }))).toBe(
      'served',
    );
    expect(statusFromOffers(wisp, filters({ tech: 'fixedwireless' }))).toBe('unserved');
  });

  it('the technology choice drops other technologies', () => {
    const cable = [offer(1000, 100, { technology_code: 40 })];
    expect(statusFromOffers(cable, filters({ tech: 'fiber' }))).toBe('unserved');
    expect(statusFromOffers(cable, filters({ tech: 'wired' }))).toBe('served');
    expect(statusFromOffers(cable, filters({ tech: 'copper' }))).toBe('unserved');
  });

  it('low latency required drops high-latency offers under a threshold', () => {
    const slow = [offer(1000, 100, { low_latency: 0 })];
    expect(statusFromOffers(slow, filters({ speed: '100/20' }))).toBe('served');
    expect(statusFromOffers(slow, filters({ speed: '100/20', lowLatency: true }))).toBe('unserved');
  });

  it('the audience picks R or B offers; X serves both', () => {
    const business = [offer(1000, 100, { business_residential_code: 'B' })];
    expect(statusFromOffers(business, filters({}))).toBe('unserved');
    expect(statusFromOffers(business, filters({ audience: 'business' }))).toBe('served');
  });

  it('marks as reliable exactly the choices whose codes are all BEAD-reliable', () => {
    const reliable = TECH_CHOICES.filter((c) => c.reliable).map((c) => c.value);
    expect(reliable).toEqual(['wired', 'licensed', 'fiber', 'cable', 'copper']);
    expect(TECH_CHOICES.find((c) => c.value === 'licensed')?.codes).toEqual([10, 40, 50, 71, 72]);
  });
});

describe('locationFixedStatus', () => {
  const tiers = encodeTiers([offer(100, 20)], 'residential');
  it('gives no BEAD status outside the release, even to a served location', () => {
    const facts = { inRelease: false, bsl: true, offers: 1, tiers };
    expect(locationFixedStatus(facts, DEFAULT_FIXED_FILTERS)).toBe('notinrelease');
  });
  it('keeps non-BSLs, and BSLs without any record, apart', () => {
    expect(
      locationFixedStatus({ inRelease: true, bsl: false, offers: 1, tiers }, DEFAULT_FIXED_FILTERS),
    ).toBe('notbsl');
    const none = { inRelease: true, bsl: true, offers: 0, tiers: encodeTiers([], 'residential') };
    expect(locationFixedStatus(none, DEFAULT_FIXED_FILTERS)).toBe('nooffers');
    expect(
      locationFixedStatus({ inRelease: true, bsl: true, offers: 1, tiers }, DEFAULT_FIXED_FILTERS),
    ).toBe('served');
  });
});

describe('parseFixedFilters', () => {
  it('takes the defaults for missing parameters', () => {
    expect(parseFixedFilters({})).toEqual({ ok: true, filters: DEFAULT_FIXED_FILTERS });
  });

  it('reads back every combination it writes', () => {
    for (const f of ALL_FILTERS) {
      expect(parseFixedFilters(fixedFiltersRecord(f))).toEqual({ ok: true, filters: f });
    }
  });

  it('names each bad parameter and its allowed values', () => {
    const parsed = parseFixedFilters({
      audience: 'everyone',
      speed: '100/20',
      tech: 'Fiber',
      lowlatency: 'true',
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => e.parameter)).toEqual(['audience', 'tech', 'lowlatency']);
    expect(parsed.errors[0]?.message).toBe(
      'audience must be one of residential, business; got "everyone"',
    );
    expect(parsed.errors[2]?.allowed).toEqual(['0', '1']);
  });
});
