// The street-zoom fixed broadband tiles over real HTTP (docs/SERVICE.md; docs/architecture.md, "The fixed broadband path"): every
// location drawn carries exactly what its bdcfixed records and fabric record say, its status
// under every filter follows from its tier strings as statusFromOffers gives it from the
// records, and a location outside the coverage vintage's release says so.
import { describe, expect, it } from 'vitest';
import {
  SPEED_CHOICES,
  TECH_CHOICES,
  encodeTiers,
  statusFromOffers,
  statusFromTiers,
  type FixedFilters,
} from '../../../shared/fixed-status';
import { call } from './harness';
import {
  DEMO,
  demoService,
  featuresOf,
  fetchLayer,
  fixedOffersOf,
  presentIn,
  tileOf,
} from './fixed-tile-support';

const svc = demoService();
const FV = '202506';
const OLDER = '202412';
const bit = (v: string) => 1 << DEMO.vintages.findIndex((x) => x.vintage === v);

const ALL_FILTERS: FixedFilters[] = (['residential', 'business'] as const).flatMap((audience) =>
  SPEED_CHOICES.flatMap(({ value: speed }) =>
    TECH_CHOICES.flatMap(({ value: tech }) =>
      [false, true].map((lowLatency) => ({ audience, speed, tech, lowLatency })),
    ),
  ),
);

/** The zoom-14 tile holding the most locations of the newest vintage. */
function densestTile(): [number, number] {
  const { count, lng, lat, presence } = DEMO.locations;
  const counts = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    if (!(presence[i] & bit(FV))) continue;
    const key = tileOf(lng[i], lat[i], 14).join('/');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [key] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return key.split('/').map(Number) as [number, number];
}

/** The first location whose vintage bits match, and its zoom-14 tile. */
function locationWhere(test: (bits: number) => boolean) {
  const { count, lng, lat, presence, locationId } = DEMO.locations;
  for (let i = 0; i < count; i++) {
    if (test(presence[i])) return { id: locationId[i], tile: tileOf(lng[i], lat[i], 14) };
  }
  throw new Error('the demo fabric has no such location');
}

const fixedTile = (cv: string, fv: string, [x, y]: [number, number], z = 14) =>
  fetchLayer(svc.url, `/coverage/${cv}/fixedtiles/${z}/${x}/${y}.pbf?fabric=${fv}`, 'fixed');

describe('GET /coverage/{cv}/fixedtiles/{z}/{x}/{y}.pbf', () => {
  it('draws each location with the tiers, counts and fields its records give', async () => {
    const [x, y] = densestTile();
    const features = featuresOf(await fixedTile(FV, FV, [x, y]));
    expect(features.length).toBeGreaterThan(100);
    const ids = features.map((f) => Number(f.properties.location_id));
    const offers = await fixedOffersOf(svc.url, FV, ids);
    const records = await call(
      svc.url,
      `/fabric/${FV}/bulk/locations?field=location_id,bsl_flag,unit_count,building_type_code,latitude,longitude`,
      { body: { location_id: ids } },
    );
    const byId = new Map(
      (records.body as Record<string, unknown>[]).map((r) => [r.location_id, r]),
    );
    expect(byId.size).toBe(ids.length); // every location drawn is in the fabric vintage
    for (const f of features) {
      const id = Number(f.properties.location_id);
      const own = offers.get(id)!;
      const record = byId.get(id)!;
      expect(f.id).toBe(id);
      // Where the fabric puts it, to the tile's resolution (1/4096 of a zoom-14 tile: ~2.4 m).
      const [lng, lat] = (f.toGeoJSON(x, y, 14).geometry as GeoJSON.Point).coordinates;
      expect(Math.abs(lng! - Number(record.longitude))).toBeLessThan(3e-5);
      expect(Math.abs(lat! - Number(record.latitude))).toBeLessThan(3e-5);
      expect(f.properties).toEqual({
        location_id: id,
        bsl: record.bsl_flag,
        units: record.unit_count,
        building: record.building_type_code,
        inrelease: 1,
        offers: own.length,
        r: encodeTiers(own, 'residential'),
        b: encodeTiers(own, 'business'),
      });
      for (const filters of ALL_FILTERS) {
        const tiers = String(filters.audience === 'residential' ? f.properties.r : f.properties.b);
        expect(statusFromTiers(tiers, filters)).toBe(statusFromOffers(own, filters));
      }
    }
  });

  it('marks a location new since the coverage vintage as not in its release', async () => {
    const added = locationWhere((bits) => !!(bits & bit(FV)) && !(bits & bit(OLDER)));
    expect((await presentIn(svc.url, OLDER, [added.id])).size).toBe(0);
    const drawn = (cv: string) =>
      fixedTile(cv, FV, added.tile).then((layer) =>
        featuresOf(layer).find((f) => f.id === added.id),
      );
    const older = await drawn(OLDER);
    expect(older?.properties).toMatchObject({ inrelease: 0, offers: 0 });
    expect((await fixedOffersOf(svc.url, OLDER, [added.id])).get(added.id)).toEqual([]);
    expect((await drawn(FV))?.properties.inrelease).toBe(1);
  });

  it('draws a retired location only in a fabric vintage that holds it', async () => {
    const retired = locationWhere((bits) => !!(bits & bit(OLDER)) && !(bits & bit(FV)));
    const ids = async (cv: string, fv: string) =>
      featuresOf(await fixedTile(cv, fv, retired.tile)).map((f) => f.id);
    expect(await ids(FV, FV)).not.toContain(retired.id);
    expect(await ids(OLDER, OLDER)).toContain(retired.id);
    const [shown] = featuresOf(await fixedTile(FV, OLDER, retired.tile)).filter(
      (f) => f.id === retired.id,
    );
    // Held by the older fabric, but not in the release the newer coverage was filed on.
    expect(shown?.properties.inrelease).toBe(0);
  });

  it('is empty below zoom 13', async () => {
    const [x, y] = densestTile();
    expect(await fixedTile(FV, FV, [x >> 2, y >> 2], 12)).toBeNull();
    expect(featuresOf(await fixedTile(FV, FV, [x >> 1, y >> 1], 13)).length).toBeGreaterThan(0);
  });
});
