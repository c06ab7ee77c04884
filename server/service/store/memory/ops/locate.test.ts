import { describe, expect, it } from 'vitest';
import { buildFabricIndex } from '../fabric-index';
import {
  ALL_MATCH_TYPES,
  type LocateOptions,
} from '../../../../contract/schemas/locate-match-types';
import {
  FIXTURE_LOCATIONS,
  FIXTURE_POINTS,
  FIXTURE_VINTAGES,
  buildFixtureFabric,
  fixtureLngLat,
} from '../../../testing/fixture-fabric';
import { locate } from './locate';

const ix = buildFabricIndex(buildFixtureFabric());

/** The contract's defaults, written out here rather than imported from the HTTP layer. */
const opts = (o: Partial<LocateOptions> = {}): LocateOptions => ({
  parceldistancem: 500,
  neardistancem: 50,
  parceltolerancem: 0,
  footprinttolerancem: 0,
  matchtypes: ALL_MATCH_TYPES,
  ...o,
});

/** Written here on purpose, not imported: the reference the service's distances are checked against. */
function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const R = 6371008.8;
  const toRad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(toRad(lat2 - lat1) / 2) ** 2 +
    Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(toRad(lon2 - lon1) / 2) ** 2;
  return 2 * R * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
}

describe('locate on the fixture fabric', () => {
  for (const [name, p] of Object.entries(FIXTURE_POINTS)) {
    it(`${name}: ${p.expect ? `${p.expect.matchtype} ${p.expect.location_id}` : 'no location'}`, () => {
      const [longitude, latitude] = fixtureLngLat(p.x, p.y);
      const vi = FIXTURE_VINTAGES.indexOf(p.vintage ?? '202506');
      const out = locate(
        ix,
        vi,
        { latitude, longitude, sourcekey: null },
        opts({ parceldistancem: p.parceldistancem ?? 500, neardistancem: p.neardistancem ?? 50 }),
      );
      if (!p.expect) {
        expect(out).toEqual([]);
        return;
      }
      expect(out).toHaveLength(1);
      const [r] = out;
      expect({ location_id: r.location_id, matchtype: r.matchtype }).toEqual(p.expect);
      expect(r).toMatchObject({ latitude, longitude, sourcekey: null });
      const l = FIXTURE_LOCATIONS.find((x) => x.id === r.location_id)!;
      const [lng, lat] = fixtureLngLat(l.x, l.y);
      expect(Math.abs(r.distancem - haversine(latitude, longitude, lat, lng))).toBeLessThanOrEqual(
        0.05,
      );
    });
  }

  it('produces every matchtype', () => {
    const types = new Set(Object.values(FIXTURE_POINTS).map((p) => p.expect?.matchtype));
    expect([...types].filter(Boolean).sort()).toEqual([
      'Footprint',
      'FootprintParcel',
      'Nearest',
      'Parcel',
    ]);
  });

  it('measures distances that agree with haversine over many points', () => {
    for (let k = 0; k < 200; k++) {
      const [longitude, latitude] = fixtureLngLat(-50 + ((k * 37) % 500), -30 + ((k * 53) % 200));
      const [r] = locate(
        ix,
        4,
        { latitude, longitude, sourcekey: null },
        opts({ parceldistancem: 1000, neardistancem: 100 }),
      );
      if (!r) continue;
      const l = FIXTURE_LOCATIONS.find((x) => x.id === r.location_id)!;
      const [lng, lat] = fixtureLngLat(l.x, l.y);
      expect(Math.abs(r.distancem - haversine(latitude, longitude, lat, lng))).toBeLessThanOrEqual(
        0.05,
      );
    }
  });
});
