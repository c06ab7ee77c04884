// The street-zoom assembler for a service without fixed tiles, over the published samples
// (docs/REAL-API.md) and generated pages in the forms a real deployment may send (numbers as
// text, fields split over bulk calls, ids as numeric text in bdcfixed, answers in parts).
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_FIXED_FILTERS,
  encodeTiers,
  locationFixedStatus,
  statusFromOffers,
  type FixedFilters,
} from '../../shared/fixed-status';
import type { FixedOffer } from '../../shared/served-status';
import { fixedRecordsSchema } from '../../shared/coverage-schemas';
import { isApiError } from '../api/api-error';
import { fabricVintagesSchema } from '../api/schemas';
import { PUBLISHED_VINTAGES } from '../api/testing/published-samples';
import {
  BULK_FIELDS_PER_CALL,
  VIEW_FIELDS,
  assembleViewLocations,
  fieldCalls,
  joinBulkPages,
} from './fixed-view-assemble';
import { releaseToCheck } from './fixed-view-chunk';
import { boxPolygon, collectLocations } from './fixed-view-collect';

/** The properties of the reference service's `fixed` tile layer (docs/SERVICE.md). */
const TILE_PROPERTIES = [
  'location_id',
  'bsl',
  'units',
  'building',
  'inrelease',
  'offers',
  'r',
  'b',
];

const FILTER_SETS: FixedFilters[] = [
  DEFAULT_FIXED_FILTERS,
  { audience: 'business', speed: '100/20', tech: 'fiber', lowLatency: false },
  { audience: 'residential', speed: '1000/100', tech: 'any', lowLatency: true },
  { audience: 'residential', speed: '25/3', tech: 'satellite', lowLatency: false },
];

const offerArb: fc.Arbitrary<FixedOffer> = fc.record({
  technology_code: fc.constantFrom(0, 10, 40, 50, 60, 61, 70, 71, 72),
  max_advertised_download_speed: fc.constantFrom(0, 24, 25, 100, 249, 250, 1000),
  max_advertised_upload_speed: fc.constantFrom(0, 3, 19, 20, 25, 100),
  low_latency: fc.constantFrom(0, 1),
  business_residential_code: fc.constantFrom('R', 'B', 'X'),
});

/** A location as the service holds it, and the forms its bulk and bdcfixed answers take. */
const locationArb = fc.record({
  bsl: fc.constantFrom(0, 1),
  units: fc.integer({ min: 1, max: 40 }),
  building: fc.constantFrom('R', 'B', 'X', 'C'),
  inRelease: fc.boolean(),
  offers: fc.array(offerArb, { maxLength: 6 }),
  asText: fc.boolean(),
  answered: fc.constantFrom(true, true, true, false),
});

const at = (i: number) => ({ lng: -89.65 + i * 1e-4, lat: 39.78 - i * 1e-4 });

describe('the release a coverage vintage is checked against', () => {
  const vintages = fabricVintagesSchema.parse(JSON.parse(PUBLISHED_VINTAGES));

  it('is the fabric release of the same month when it is not the fabric drawn', () => {
    expect(releaseToCheck('202406', '202412', vintages)).toBe('202412');
    expect(releaseToCheck('202412', '202406', vintages)).toBe('202406');
  });

  it('is none when it is the fabric drawn, or the service lists no release of that month', () => {
    expect(releaseToCheck('202412', '202412', vintages)).toBeNull();
    expect(releaseToCheck('202412', '202506', vintages)).toBeNull();
  });
});

describe('bulk calls', () => {
  it('ask at most five fields each, every view field once, location_id in the first', () => {
    const calls = fieldCalls();
    for (const call of calls) expect(call.length).toBeLessThanOrEqual(BULK_FIELDS_PER_CALL);
    expect(calls.flat().sort()).toEqual([...VIEW_FIELDS].sort());
    expect(calls[0]).toContain('location_id');
  });
});

describe('the assembler over generated pages', () => {
  it('joins split bulk pages on uuid and draws each location with the tile properties and its status', () => {
    fc.assert(
      fc.property(fc.array(locationArb, { minLength: 1, maxLength: 30 }), (locations) => {
        const uuids = locations.map((_, i) => `uuid-${i}`);
        const ids = locations.map((_, i) => 1_000_000_000 + i * 7);
        const form = (v: number, text: boolean) => (text ? String(v) : v);
        // The bulk answers: one page per field call, each record its uuid and those fields,
        // numbers as text where the service sends them so, in the reverse of the asked order.
        const full = locations.map((l, i) => ({
          uuid: uuids[i]!,
          location_id: form(ids[i]!, l.asText),
          latitude: form(at(i).lat, l.asText),
          longitude: form(at(i).lng, l.asText),
          bsl_flag: form(l.bsl, l.asText),
          unit_count: form(l.units, l.asText),
          building_type_code: l.building,
        }));
        const pages = fieldCalls().map((fields) =>
          full
            .filter((_, i) => locations[i]!.answered)
            .map((r) => Object.fromEntries(['uuid', ...fields].map((k) => [k, r[k as 'uuid']])))
            .reverse(),
        );
        const records = joinBulkPages(uuids, pages);
        // bdcfixed: location_id as numeric text, records of every location mixed together.
        const fixed = fixedRecordsSchema.parse(
          locations
            .flatMap((l, i) =>
              l.offers.map((o, k) => ({
                ...o,
                location_id: String(ids[i]),
                provider_id: 100 + k,
                frn: '0001234567',
                brand_name: `Provider ${k}`,
              })),
            )
            .reverse(),
        );
        const inRelease = new Set(ids.filter((_, i) => locations[i]!.inRelease));
        const drawn = assembleViewLocations(records, fixed, inRelease);

        const answered = locations.flatMap((l, i) => (l.answered ? [i] : []));
        expect(drawn.map((d) => d.uuid)).toEqual(answered.map((i) => uuids[i]));
        drawn.forEach((d, k) => {
          const i = answered[k]!;
          const l = locations[i]!;
          expect(Object.keys(d.feature.properties).sort()).toEqual([...TILE_PROPERTIES].sort());
          expect(d.feature.id).toBe(ids[i]);
          expect(d.feature.geometry.coordinates).toEqual([at(i).lng, at(i).lat]);
          expect(d.feature.properties).toEqual({
            location_id: ids[i],
            bsl: l.bsl,
            units: l.units,
            building: l.building,
            inrelease: l.inRelease ? 1 : 0,
            offers: l.offers.length,
            r: encodeTiers(l.offers, 'residential'),
            b: encodeTiers(l.offers, 'business'),
          });
          for (const filters of FILTER_SETS) {
            const p = d.feature.properties;
            const status = locationFixedStatus(
              {
                inRelease: p.inrelease === 1,
                bsl: p.bsl === 1,
                offers: p.offers,
                tiers: filters.audience === 'business' ? p.b : p.r,
              },
              filters,
            );
            const expected = !l.inRelease
              ? 'notinrelease'
              : l.bsl !== 1
                ? 'notbsl'
                : l.offers.length === 0
                  ? 'nooffers'
                  : statusFromOffers(l.offers, filters);
            expect(status).toBe(expected);
          }
        });
      }),
      { numRuns: 150, seed: 13 },
    );
  });

  it('puts every location in the release when there is no release to check', () => {
    const records = joinBulkPages(
      ['a'],
      [
        [{ uuid: 'a', location_id: 1000000001, latitude: 39, longitude: -89, bsl_flag: 1 }],
        [{ uuid: 'a', unit_count: 2, building_type_code: 'R' }],
      ],
    );
    expect(assembleViewLocations(records, [], null)[0]!.feature.properties).toMatchObject({
      inrelease: 1,
      offers: 0,
      r: '0'.repeat(18),
    });
  });

  it('refuses a bulk record that lacks a field it was asked for, naming the field', () => {
    const page = [{ uuid: 'a', location_id: 1000000001, latitude: 39, longitude: -89 }];
    let error: unknown;
    try {
      joinBulkPages(['a'], [page]);
    } catch (e) {
      error = e;
    }
    expect(isApiError(error) && error.code).toBe('bad_response');
    expect(JSON.stringify(isApiError(error) && error.details)).toContain('bsl_flag');
  });
});

describe('collect3 over answers in parts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A service whose answers are given by body: the area first, then each continuation. */
  function serve(answers: Record<string, { data?: string[] | null; next?: string[] }>) {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { part?: string };
        bodies.push(body);
        const answer = answers[body.part ?? 'area']!;
        const json = {
          data: answer.data,
          continuations: (answer.next ?? []).map((part) => ({ body: { part } })),
        };
        return new Response(JSON.stringify(json), { status: 200 });
      }),
    );
    return bodies;
  }

  const area = boxPolygon({ west: -89.7, south: 39.7, east: -89.6, north: 39.8 });

  it('follows every continuation and keeps each uuid once, data beside parts included', async () => {
    const bodies = serve({
      area: { data: [], next: ['a', 'b'] },
      a: { data: ['u1', 'u2', 'u3'], next: ['c'] },
      b: { data: ['u3', 'u4'] },
      c: { data: ['u5'], next: [] },
    });
    const got = await collectLocations('202412', area, 100);
    expect(got).toEqual({ uuids: ['u1', 'u2', 'u3', 'u4', 'u5'], overLimit: false, calls: 4 });
    expect(bodies[0]).toEqual(area);
  });

  it('stops asking once the view holds more than the limit', async () => {
    serve({
      area: { data: null, next: ['a', 'b', 'c', 'd', 'e'] },
      a: { data: ['u1', 'u2'] },
      b: { data: ['u3', 'u4'] },
      c: { data: ['u5', 'u6'] },
      d: { data: ['u7'] },
      e: { data: ['u8'] },
    });
    const got = await collectLocations('202412', area, 5);
    expect(got.overLimit).toBe(true);
    expect(got.calls).toBeLessThan(6);
  });

  it('refuses a service that keeps answering in parts', async () => {
    serve({ area: { data: [], next: ['a'] }, a: { data: ['u1'], next: ['a'] } });
    await expect(collectLocations('202412', area, 1_000_000)).rejects.toMatchObject({
      code: 'bad_response',
      operation: 'collect3',
    });
  });
});
