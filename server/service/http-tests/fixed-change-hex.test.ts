// The net-change hexagons over real HTTP (README, "Compare releases"): every cell of a tile over the demo city
// recounted from the two releases' /fixedhex tiles, a few cells recounted location by location
// from the published operations (collect3 + bulk + bdcfixed of each release, the union of
// both releases' locations), and each bad parameter refused naming it.
import { cellToBoundary, getResolution } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { FEW_BSLS, netServedShare } from '../../../shared/fixed-change-hex';
import {
  DEFAULT_FIXED_FILTERS,
  fixedFiltersRecord,
  statusFromOffers,
  type FixedFilters,
} from '../../../shared/fixed-status';
import { call } from './harness';
import {
  DEMO,
  demoService,
  featuresOf,
  fetchLayer,
  fixedOffersOf,
  locationsInside,
  presentIn,
  tileOf,
} from './fixed-tile-support';

const svc = demoService();
const NEW = '202506';
const OLD = '202406';
const [CITY_LNG, CITY_LAT] = [DEMO.towns[0]!.lng, DEMO.towns[0]!.lat];
const COUNTS = ['locations', 'bsls', 'served', 'underserved', 'unserved', 'notinrelease'];
const FIBER_1G: FixedFilters = { ...DEFAULT_FIXED_FILTERS, speed: '1000/100', tech: 'fiber' };

type Props = Record<string, string | number | boolean>;

function query(fv: string, filters: FixedFilters, extra: Record<string, string> = {}) {
  return new URLSearchParams({ fabric: fv, ...fixedFiltersRecord(filters), ...extra });
}

async function cells(path: string, layer: string): Promise<Map<string, Props>> {
  const features = featuresOf(await fetchLayer(svc.url, path, layer));
  return new Map(features.map((f) => [String(f.properties.h3), f.properties]));
}

/** The change tile of the city at zoom z, and each side's own hexagon tile. */
async function tiles(z: number, a: [string, string], b: [string, string], f: FixedFilters) {
  const [x, y] = tileOf(CITY_LNG, CITY_LAT, z);
  const at = `${z}/${x}/${y}.pbf`;
  const change = await cells(
    `/coverage/${a[0]}/fixedchangehex/${at}?${query(a[1], f, { with: b[0], withfabric: b[1] })}`,
    'fixed_change_hex',
  );
  const hexA = await cells(`/coverage/${a[0]}/fixedhex/${at}?${query(a[1], f)}`, 'fixed_hex');
  const hexB = await cells(`/coverage/${b[0]}/fixedhex/${at}?${query(b[1], f)}`, 'fixed_hex');
  return { change, hexA, hexB };
}

/** What the published operations give of a cell at one release: each location's status. */
async function statuses(cv: string, fv: string, h3: string, filters: FixedFilters) {
  const area = { type: 'Polygon' as const, coordinates: [cellToBoundary(h3, true)] };
  const inside = await locationsInside(svc.url, fv, area);
  const inRelease = await presentIn(
    svc.url,
    cv,
    inside.map((l) => l.location_id),
  );
  const bsls = inside.filter((l) => l.bsl_flag === 1 && inRelease.has(l.location_id));
  const offers = await fixedOffersOf(
    svc.url,
    cv,
    bsls.map((l) => l.location_id),
  );
  const out = new Map<number, string>();
  for (const l of inside) {
    if (!inRelease.has(l.location_id)) out.set(l.location_id, 'notinrelease');
    else if (l.bsl_flag !== 1) out.set(l.location_id, 'notbsl');
    else out.set(l.location_id, statusFromOffers(offers.get(l.location_id)!, filters));
  }
  return out;
}

describe('GET /coverage/{cv}/fixedchangehex/{z}/{x}/{y}.pbf', () => {
  it.each([
    ['the path newer, zoom 11', 11, [NEW, NEW], [OLD, OLD], DEFAULT_FIXED_FILTERS, 'b'],
    ['the path older, zoom 9', 9, [OLD, OLD], [NEW, NEW], DEFAULT_FIXED_FILTERS, 'a'],
    ['one fabric, two coverages', 11, [NEW, NEW], [OLD, NEW], DEFAULT_FIXED_FILTERS, 'b'],
    ['fiber at 1 Gbps', 12, [OLD, OLD], [NEW, NEW], FIBER_1G, 'a'],
  ] as const)(
    'every cell holds both fixedhex tiles’ counts and their net change (%s)',
    async (_, z, a, b, filters, earlier) => {
      const { change, hexA, hexB } = await tiles(z, [...a], [...b], filters);
      expect(change.size).toBeGreaterThan(3);
      expect(new Set(change.keys())).toEqual(new Set([...hexA.keys(), ...hexB.keys()]));
      let changed = 0;
      for (const [h3, p] of change) {
        expect(getResolution(h3)).toBe(z <= 10 ? 7 : 8);
        const sideA = hexA.get(h3);
        const sideB = hexB.get(h3);
        for (const name of COUNTS) {
          expect(p[`${name}_a`], `${h3} ${name}_a`).toBe(sideA?.[name] ?? 0);
          expect(p[`${name}_b`], `${h3} ${name}_b`).toBe(sideB?.[name] ?? 0);
        }
        const [before, after] = earlier === 'a' ? ['a', 'b'] : ['b', 'a'];
        for (const name of ['served', 'underserved', 'unserved', 'bsls', 'locations']) {
          const net = Number(p[`${name}_${after}`]) - Number(p[`${name}_${before}`]);
          expect(p[`net_${name}`], `${h3} net_${name}`).toBe(net);
        }
        const bsls = [Number(p.bsls_a), Number(p.bsls_b)] as const;
        expect(p.net_share).toBe(netServedShare(Number(p.net_served), ...bsls));
        expect(p.few).toBe(Math.max(...bsls) < FEW_BSLS ? 1 : 0);
        if (p.net_served !== 0) changed++;
      }
      // The releases differ in this tile, so a wrong sign or side cannot pass unseen.
      expect(changed).toBeGreaterThan(0);
    },
  );

  it('a cell’s net change equals the recount of its locations at both releases', async () => {
    const { change } = await tiles(11, [NEW, NEW], [OLD, OLD], DEFAULT_FIXED_FILTERS);
    const sorted = [...change.values()].toSorted(
      (p, q) => Number(q.locations_a) - Number(p.locations_a),
    );
    // The densest cell, and one where the fabric itself changed.
    const picked = [sorted[0]!, sorted.find((p) => p.net_locations !== 0 && p !== sorted[0])!];
    for (const p of picked) {
      const h3 = String(p.h3);
      const before = await statuses(OLD, OLD, h3, DEFAULT_FIXED_FILTERS);
      const after = await statuses(NEW, NEW, h3, DEFAULT_FIXED_FILTERS);
      const net = { served: 0, underserved: 0, unserved: 0, locations: 0 };
      // Over the union: +1 for the status after, −1 for the status before.
      for (const id of new Set([...before.keys(), ...after.keys()])) {
        const [s0, s1] = [before.get(id), after.get(id)];
        if (s1 !== undefined) net.locations++;
        if (s0 !== undefined) net.locations--;
        if (s1 === 'served' || s1 === 'underserved' || s1 === 'unserved') net[s1]++;
        if (s0 === 'served' || s0 === 'underserved' || s0 === 'unserved') net[s0]--;
      }
      expect({
        served: p.net_served,
        underserved: p.net_underserved,
        unserved: p.net_unserved,
        locations: p.net_locations,
      }).toEqual(net);
    }
  });

  it('is cached like /fixedhex and empty at street zoom', async () => {
    const path = `/coverage/${NEW}/fixedchangehex/14/3979/6178.pbf?fabric=${NEW}&with=${OLD}&withfabric=${OLD}`;
    const res = await call(svc.url, path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await fetchLayer(svc.url, path, 'fixed_change_hex')).toBeNull();
  });

  const BASE = `/coverage/${NEW}/fixedchangehex/11/497/772.pbf?fabric=${NEW}`;
  it.each([
    ['with missing', `${BASE}&withfabric=${OLD}`, 400, 'with'],
    ['with malformed', `${BASE}&with=2024-06&withfabric=${OLD}`, 400, 'with'],
    ['withfabric missing', `${BASE}&with=${OLD}`, 400, 'withfabric'],
    ['with unknown', `${BASE}&with=199901&withfabric=${OLD}`, 404, 'with'],
    ['withfabric unknown', `${BASE}&with=${OLD}&withfabric=199901`, 404, 'withfabric'],
    ['a bad filter', `${BASE}&with=${OLD}&withfabric=${OLD}&speed=50/5`, 400, 'speed'],
    ['fabric missing', `/coverage/${NEW}/fixedchangehex/11/497/772.pbf?with=${OLD}`, 400, 'fabric'],
    ['a row past the zoom', `${BASE.replace('772', '9999')}&with=${OLD}`, 400, 'x'],
  ])('refuses %s', async (_, path, status, parameter) => {
    const res = await call(svc.url, path);
    expect(res.status).toBe(status);
    const { error } = res.body as {
      error: { code: string; message: string; details: { parameter?: string } };
    };
    expect(error.message).toContain(parameter);
    expect(error.details.parameter).toBe(parameter);
  });
});
