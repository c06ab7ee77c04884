// The compare tile over real HTTP (README, "Compare releases"): each location of either release's street tile,
// with that release's properties as its own `fixed` tile draws them, the retired one's
// equivalent as history gives it; and each bad parameter refused naming it.
import { describe, expect, it } from 'vitest';
import { call } from './harness';
import { DEMO, demoService, featuresOf, fetchLayer, tileOf } from './fixed-tile-support';

const svc = demoService();
const NEW = '202506';
const OLD = '202412';
const bit = (v: string) => 1 << DEMO.vintages.findIndex((x) => x.vintage === v);

/** The zoom-14 tile of a location retired between OLD and NEW that has an equivalent. */
function tileWithReplacement(): [number, number] {
  const { count, lng, lat, presence, reLocationId } = DEMO.locations;
  for (let i = 0; i < count; i++) {
    const retired = presence[i] & bit(OLD) && !(presence[i] & bit(NEW));
    if (retired && reLocationId[i] > 0) return tileOf(lng[i], lat[i], 14);
  }
  throw new Error('the demo fabric retires no location with an equivalent');
}

const SIDE = ['bsl', 'inrelease', 'offers', 'r', 'b'] as const;

describe('GET /coverage/{cv}/fixedchange/{z}/{x}/{y}.pbf', () => {
  it.each([
    ['the path newer', NEW, NEW, OLD, OLD],
    ['the path older', OLD, OLD, NEW, NEW],
    ['mixed vintages', NEW, OLD, OLD, NEW],
  ])('joins both releases’ fixed tiles (%s)', async (_, cv, fv, wcv, wfv) => {
    const [x, y] = tileWithReplacement();
    const tile = (c: string, f: string) =>
      fetchLayer(svc.url, `/coverage/${c}/fixedtiles/14/${x}/${y}.pbf?fabric=${f}`, 'fixed');
    const byId = async (c: string, f: string) =>
      new Map(featuresOf(await tile(c, f)).map((p) => [Number(p.id), p.properties]));
    const [a, b] = [await byId(cv, fv), await byId(wcv, wfv)];
    const path = `/coverage/${cv}/fixedchange/14/${x}/${y}.pbf?fabric=${fv}&with=${wcv}&withfabric=${wfv}`;
    const change = featuresOf(await fetchLayer(svc.url, path, 'fixed_change'));
    expect(new Set(change.map((f) => Number(f.id)))).toEqual(new Set([...a.keys(), ...b.keys()]));
    const later = fv === wfv ? null : Number(fv) > Number(wfv) ? a : b;
    const earlier = later === a ? b : a;
    let retiredWithEquivalent = 0;
    for (const f of change) {
      const id = Number(f.id);
      const p = f.properties;
      expect(p.present_a).toBe(a.has(id) ? 1 : 0);
      expect(p.present_b).toBe(b.has(id) ? 1 : 0);
      for (const name of SIDE) {
        expect(p[`${name}_a`]).toBe(a.get(id)?.[name] ?? 0);
        expect(p[`${name}_b`]).toBe(b.get(id)?.[name] ?? 0);
      }
      const gone = later !== null && earlier.has(id) && !later.has(id);
      if (!gone) {
        expect(p.re_location_id).toBeUndefined();
        continue;
      }
      const history = await call(
        svc.url,
        `/fabricext/${later === a ? fv : wfv}/history?location_id=${id}`,
      );
      const re = (history.body as { re_location_id: number | null }[])[0]?.re_location_id ?? null;
      expect(p.re_location_id ?? null).toBe(re);
      if (re !== null) retiredWithEquivalent++;
    }
    if (fv !== wfv) expect(retiredWithEquivalent).toBeGreaterThan(0);
  });

  const BASE = '/coverage/202506/fixedchange/14/3979/6178.pbf?fabric=202506';
  it.each([
    ['with missing', BASE + '&withfabric=202412', 400, 'with'],
    ['with malformed', BASE + '&with=2024-12&withfabric=202412', 400, 'with'],
    ['withfabric missing', BASE + '&with=202412', 400, 'withfabric'],
    ['with unknown', BASE + '&with=199901&withfabric=202412', 404, 'with'],
    ['withfabric unknown', BASE + '&with=202412&withfabric=199901', 404, 'withfabric'],
  ])('refuses %s', async (_, path, status, parameter) => {
    const res = await call(svc.url, path);
    expect(res.status).toBe(status);
    const error = (res.body as { error: { message: string; details: { parameter?: string } } })
      .error;
    expect(error.message).toContain(parameter);
    expect(error.details.parameter).toBe(parameter);
  });
});
