// locate's options from the real service's clients: which match types may answer, parcel and
// footprint tolerances, and the echoed sourcekey, at points of the fixture sketch
// (testing/fixture-layout.ts) chosen so that each option changes the answer.
import { describe, expect, it } from 'vitest';
import { buildFabricIndex } from '../fabric-index';
import {
  ALL_MATCH_TYPES,
  MATCH_TYPES,
  type LocateOptions,
  type MatchType,
} from '../../../../contract/schemas/locate-match-types';
import { buildFixtureFabric, fixtureLngLat } from '../../../testing/fixture-fabric';
import { locate } from './locate';

const ix = buildFabricIndex(buildFixtureFabric());
const CURRENT = 4;

const mask = (...types: MatchType[]) =>
  types.reduce((m, t) => m | (1 << MATCH_TYPES.indexOf(t)), 0);

/** The answer at (x, y) meters of the fixture: [location_id, matchtype] or null. */
function at(x: number, y: number, o: Partial<LocateOptions> = {}) {
  const [longitude, latitude] = fixtureLngLat(x, y);
  const options: LocateOptions = {
    parceldistancem: 500,
    neardistancem: 50,
    parceltolerancem: 0,
    footprinttolerancem: 0,
    matchtypes: ALL_MATCH_TYPES,
    ...o,
  };
  const [r] = locate(ix, CURRENT, { latitude, longitude, sourcekey: null }, options);
  return r ? [r.location_id, r.matchtype] : null;
}

describe('locate matchtype', () => {
  it('a point in a footprint nearer another location of the parcel: FootprintParcel, else Parcel', () => {
    // (29, 21) is inside F0 (holding L0, 12.7 m away) and 8.5 m from L1 (no footprint).
    expect(at(29, 21)).toEqual([1000000001, 'FootprintParcel']);
    expect(at(29, 21, { matchtypes: mask('Parcel') })).toEqual([1000000002, 'Parcel']);
    expect(at(29, 21, { matchtypes: mask('Nearest') })).toEqual([1000000002, 'Nearest']);
    // Inside a parcel, so never Footprint; with Nearest not allowed either, no answer.
    expect(at(29, 21, { matchtypes: mask('Footprint') })).toBeNull();
  });

  it('a parcel point answers Nearest or nothing when Parcel is not allowed', () => {
    expect(at(38, 12)).toEqual([1000000002, 'Parcel']);
    expect(at(38, 12, { matchtypes: mask('FootprintParcel') })).toBeNull();
    expect(at(38, 12, { matchtypes: mask('FootprintParcel', 'Nearest') })).toEqual([
      1000000002,
      'Nearest',
    ]);
  });

  it('a footprint point outside every parcel answers Nearest or nothing without Footprint', () => {
    expect(at(305, 15)).toEqual([1000000004, 'Footprint']);
    expect(at(305, 15, { matchtypes: mask('Nearest') })).toEqual([1000000004, 'Nearest']);
    expect(at(305, 15, { matchtypes: mask('FootprintParcel', 'Parcel') })).toBeNull();
    expect(at(1500, 60, { matchtypes: mask('Parcel', 'Footprint', 'FootprintParcel') })).toBeNull();
  });
});

describe('locate tolerances', () => {
  it('a point 5 m west of parcel P0 counts as inside it within parceltolerancem', () => {
    expect(at(-5, 30)).toEqual([1000000001, 'Nearest']);
    expect(at(-5, 30, { parceltolerancem: 4 })).toEqual([1000000001, 'Nearest']);
    expect(at(-5, 30, { parceltolerancem: 6 })).toEqual([1000000001, 'Parcel']);
    // F0 starts 15 m further east: FootprintParcel once that tolerance reaches it too.
    expect(at(-5, 30, { parceltolerancem: 6, footprinttolerancem: 14 })).toEqual([
      1000000001,
      'Parcel',
    ]);
    expect(at(-5, 30, { parceltolerancem: 6, footprinttolerancem: 16 })).toEqual([
      1000000001,
      'FootprintParcel',
    ]);
  });

  it('a point 5 m outside a footprint with no parcel counts as inside it within footprinttolerancem', () => {
    expect(at(295, 15)).toEqual([1000000004, 'Nearest']);
    expect(at(295, 15, { footprinttolerancem: 4 })).toEqual([1000000004, 'Nearest']);
    expect(at(295, 15, { footprinttolerancem: 6 })).toEqual([1000000004, 'Footprint']);
  });

  it("a point in a parcel's hole, 15 m from its edge, joins the parcel within the tolerance", () => {
    const wide = { neardistancem: 100 };
    expect(at(105, 60, wide)).toEqual([1000000003, 'Nearest']);
    expect(at(105, 60, { ...wide, parceltolerancem: 14 })).toEqual([1000000003, 'Nearest']);
    // In P1: L2 at 53 m is nearer than L8 at 60 m (L7 retired).
    expect(at(105, 60, { ...wide, parceltolerancem: 16 })).toEqual([1000000003, 'Parcel']);
  });

  it('the parcel that holds the point wins over one within the tolerance', () => {
    // (38, 12) is in P0 and 22 m from P1, whose L2 is farther than P0's L1.
    expect(at(38, 12, { parceltolerancem: 30 })).toEqual([1000000002, 'Parcel']);
  });
});

describe('locate sourcekey', () => {
  it('is echoed as given: text, number, empty text, or null', () => {
    const [longitude, latitude] = fixtureLngLat(15, 25);
    const options: LocateOptions = {
      parceldistancem: 500,
      neardistancem: 50,
      parceltolerancem: 0,
      footprinttolerancem: 0,
      matchtypes: ALL_MATCH_TYPES,
    };
    for (const sourcekey of ['row-17', 17, '', null]) {
      const [r] = locate(ix, CURRENT, { latitude, longitude, sourcekey }, options);
      expect(r?.sourcekey).toBe(sourcekey);
    }
  });
});
