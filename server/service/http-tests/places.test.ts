// places over real HTTP against the fixture fabric: towns, ZIP codes and streets with the
// extent of their locations in the vintage asked, a street's addresses (each one match then
// confirms), and the refusals that name the parameter and its rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED, generateFabric } from '../../demo/generate-fabric';
import type { ReportResponse } from '../../contract/schemas/report';
import { OUTLINE_MARGIN } from '../store/rules/place-outline';
import {
  PlacesResponseSchema,
  type PlaceRecord,
  type PlacesResponse,
} from '../../contract/schemas/places';
import { createMemoryStore } from '../store/memory/memory-store';
import {
  FIXTURE_LOCATIONS,
  FIXTURE_VINTAGES,
  buildFixtureFabric,
  fixtureLngLat,
} from '../testing/fixture-fabric';
import {
  CURRENT,
  call,
  errorOf,
  serviceForFile,
  startService,
  type RunningService,
} from './harness';

const svc = serviceForFile();
const Answer = PlacesResponseSchema.strict();
const OLDEST = FIXTURE_VINTAGES[0];

async function places(q: string, v = CURRENT, extra = ''): Promise<PlacesResponse> {
  const res = await call(svc.url, `/fabricext/${v}/places?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Answer.parse(res.body);
}

/** The fixture's rows in a vintage that pass `keep`, with their positions: the expectation. */
function rows(v: string, keep: (l: (typeof FIXTURE_LOCATIONS)[number]) => boolean) {
  const bit = 1 << FIXTURE_VINTAGES.indexOf(v);
  return FIXTURE_LOCATIONS.filter((l) => l.presence & bit && keep(l)).map((l) => ({
    ...l,
    lngLat: fixtureLngLat(l.x, l.y),
  }));
}

function bboxOf(list: { lngLat: [number, number] }[]): number[] {
  const lngs = list.map((l) => l.lngLat[0]);
  const lats = list.map((l) => l.lngLat[1]);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/**
 * The outline holds every location strictly inside (a convex ring, counter-clockwise) and
 * reaches OUTLINE_MARGIN beyond the locations' box on each side.
 */
function expectOutlineHolds(outline: PlaceRecord['outline'], list: { lngLat: [number, number] }[]) {
  expect(outline?.type).toBe('Polygon');
  const ring = outline!.coordinates[0]!;
  for (const {
    lngLat: [x, y],
  } of list)
    for (let i = 0; i + 1 < ring.length; i++) {
      const [ax, ay] = ring[i]!;
      const [bx, by] = ring[i + 1]!;
      expect((bx - ax) * (y - ay) - (by - ay) * (x - ax)).toBeGreaterThan(0);
    }
  const [w, s, e, n] = bboxOf(list);
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  expect(Math.min(...xs)).toBeCloseTo(w - OUTLINE_MARGIN, 5);
  expect(Math.max(...xs)).toBeCloseTo(e + OUTLINE_MARGIN, 5);
  expect(Math.min(...ys)).toBeCloseTo(s - OUTLINE_MARGIN, 5);
  expect(Math.max(...ys)).toBeCloseTo(n + OUTLINE_MARGIN, 5);
}

describe('GET places', () => {
  it('finds a town by name with the extent and count of its locations in the vintage', async () => {
    for (const v of [CURRENT, OLDEST]) {
      const answer = await places('springfield', v);
      const inTown = rows(v, (l) => l.town === 0);
      const { outline, ...town } = answer.places[0]!;
      expectOutlineHolds(outline, inTown);
      expect(town).toEqual({
        kind: 'town',
        name: 'Springfield',
        city: null,
        state: 'IL',
        zips: ['62704'],
        locationcount: inTown.length,
        bbox: bboxOf(inTown),
        score: 1,
      });
      // A town is no street: no addresses.
      expect(answer.addresses).toEqual([]);
    }
    // Typing under way, a typo, and a state after the name.
    expect((await places('Spring')).places[0]).toMatchObject({ name: 'Springfield', score: 0.9 });
    expect((await places('Sprinfgield')).places[0]).toMatchObject({ name: 'Springfield' });
    expect((await places('Chatham, IL')).places[0]).toMatchObject({ name: 'Chatham', score: 1 });
  });

  it('finds a ZIP code, and the ZIP codes a prefix starts', async () => {
    const inZip = rows(CURRENT, (l) => l.town === 1);
    const zips = (await places('62629')).places;
    expectOutlineHolds(zips[0]!.outline, inZip);
    expect(zips.map(({ outline: _o, ...zip }) => zip)).toEqual([
      {
        kind: 'zip',
        name: '62629',
        city: 'Chatham',
        state: 'IL',
        zips: ['62629'],
        locationcount: inZip.length,
        bbox: bboxOf(inZip),
        score: 1,
      },
    ]);
    expect((await places('626')).places.map((p) => [p.name, p.score])).toEqual([['62629', 0.9]]);
    expect((await places('627')).places.map((p) => p.name)).toEqual(['62704']);
    expect((await places('999')).places).toEqual([]);
  });

  it('lists a street’s addresses, one per house number, each confirmed by match', async () => {
    for (const v of [CURRENT, OLDEST]) {
      const answer = await places('Oak St', v);
      const onOak = rows(v, (l) => l.road === 0);
      expect(answer.places[0]).toMatchObject({
        kind: 'street',
        name: 'OAK ST',
        city: 'Springfield',
        outline: null,
        locationcount: onOak.length,
        bbox: bboxOf(onOak),
        score: 1,
      });
      const houses = [...new Set(onOak.map((l) => l.no))].sort((a, b) => a - b);
      expect(answer.addresscount).toBe(houses.length);
      expect(answer.addresses.map((a) => Number(a.address.split(' ')[0]))).toEqual(houses);
      for (const a of answer.addresses) {
        const text = `${a.address}, ${a.city} ${a.state} ${a.zip}`;
        const res = await call(
          svc.url,
          `/fabricext/${v}/match?maxresults=1&text=${encodeURIComponent(text)}`,
        );
        const match = res.body as { locations: { location_id: number }[] };
        expect(match.locations[0]?.location_id, text).toBe(a.location_id);
      }
    }
  });

  it('finds a street by its name alone, with its directional, or with its town', async () => {
    expect((await places('oak')).places[0]).toMatchObject({ name: 'OAK ST', score: 0.95 });
    expect((await places('South Main Street')).places[0]).toMatchObject({
      name: 'S MAIN ST',
      score: 1,
    });
    const jacksonville = await places('Old Jacksonville Rd, Chatham');
    expect(jacksonville.places.map((p) => p.name)).toEqual(['OLD JACKSONVILLE RD']);
    expect(jacksonville.addresses.map((a) => a.city)).toEqual(
      rows(CURRENT, (l) => l.road === 2).map(() => 'CHATHAM'),
    );
    // OAK ST runs through Springfield only.
    expect(await places('Oak St, Chatham')).toMatchObject({ places: [], addresses: [] });
  });

  it('lists no addresses when several streets answer as well, until the town is given', async () => {
    // The fixture with its Chatham road renamed OAK PL: "oak" names OAK ST and OAK PL alike.
    const fabric = buildFixtureFabric();
    fabric.roads.name[2] = 'OAK PL';
    const other = await startService({ store: createMemoryStore(fabric) });
    try {
      const ask = async (q: string) =>
        Answer.parse(
          (await call(other.url, `/fabricext/${CURRENT}/places?q=${encodeURIComponent(q)}`)).body,
        );
      const both = await ask('oak');
      expect(both.places.map((p) => [p.name, p.city, p.score])).toEqual([
        ['OAK ST', 'Springfield', 0.95],
        ['OAK PL', 'Chatham', 0.95],
      ]);
      expect(both).toMatchObject({ addresses: [], addresscount: 0 });
      const one = await ask('Oak Pl, Chatham, IL');
      expect(one.places.map((p) => p.name)).toEqual(['OAK PL']);
      expect(one.addresses.map((a) => a.city)).toEqual(
        rows(CURRENT, (l) => l.road === 2).map(() => 'CHATHAM'),
      );
      expect(other.logged).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('finds a county and its state by name, as the Census file names them, with their counts', async () => {
    for (const v of [CURRENT, OLDEST]) {
      const all = rows(v, () => true).length;
      for (const q of ['Sangamon County', 'Sangamon', 'sangamon co', 'Sangamon County, IL']) {
        const county = (await places(q, v)).places.find((p) => p.kind === 'county');
        expect(county, q).toMatchObject({
          name: 'Sangamon County',
          geoid: '17167',
          state: 'IL',
          locationcount: all,
          outline: null,
          score: 1,
        });
        // The county's own box (its boundary), around every location.
        const [w, s, e, n] = county!.bbox;
        const [lw, ls, le, ln] = bboxOf(rows(v, () => true));
        expect([w < lw, s < ls, e > le, n > ln], q).toEqual([true, true, true, true]);
      }
      const [state] = (await places('Illinois', v)).places;
      expect(state).toMatchObject({ kind: 'state', name: 'Illinois', geoid: '17', score: 1 });
      expect(state!.locationcount).toBe(all);
    }
    // A county the release holds no location in is not offered.
    expect((await places('Cook County')).places.filter((p) => p.kind === 'county')).toEqual([]);
  });

  it('answers at most maxresults places and addresses', async () => {
    const answer = await places('Oak St', CURRENT, '&maxresults=2');
    expect(answer.addresses).toHaveLength(2);
    expect(answer.addresscount).toBeGreaterThan(2);
    expect(answer.places.length).toBeLessThanOrEqual(2);
  });

  it('refuses what it cannot read, naming the parameter and the rule', async () => {
    const cases: [string, number, string][] = [
      [`/fabricext/${CURRENT}/places`, 400, 'q is required'],
      [`/fabricext/${CURRENT}/places?q=%20a%20`, 400, 'q must be at least 2 characters'],
      [`/fabricext/${CURRENT}/places?q=${'x'.repeat(101)}`, 400, 'q must be at most 100'],
      [`/fabricext/${CURRENT}/places?q=oak&maxresults=11`, 400, 'maxresults must be at most 10'],
      [`/fabricext/${CURRENT}/places?q=oak&maxresults=two`, 400, 'maxresults must be an integer'],
      ['/fabricext/2024/places?q=oak', 400, 'must be six digits'],
      ['/fabricext/199901/places?q=oak', 404, '199901'],
    ];
    for (const [path, status, words] of cases) {
      const res = await call(svc.url, path);
      expect(res.status, path).toBe(status);
      expect(errorOf(res.body).message, path).toContain(words);
    }
    expect(
      (await call(svc.url, `/fabricext/${CURRENT}/places?q=oak`, { noAuth: true })).status,
    ).toBe(401);
  });

  it('is in the OpenAPI document and in listapis', async () => {
    const doc = (await call(svc.url, '/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/fabricext/{v}/places');
    const apis = (await call(svc.url, '/accountcontrol/listapis')).body as {
      api: string;
      operation: string;
      method: string;
    }[];
    expect(apis).toContainEqual(
      expect.objectContaining({ api: 'fabricext', operation: 'places', method: 'GET' }),
    );
  });
});

describe('GET places over the demo fabric', () => {
  const fabric = generateFabric({ seed: DEFAULT_SEED, locations: 8000 });
  const v = fabric.vintages.at(-1)!.vintage;
  const cv = fabric.fixedCoverage.at(-1)!.vintage;
  let demo: RunningService;
  beforeAll(async () => {
    demo = await startService({ store: createMemoryStore(fabric) });
  });
  afterAll(async () => {
    expect(demo?.logged).toEqual([]);
    await demo?.close();
    await demo?.store.close();
  });

  it('counts for every town and ZIP code what the report of its outline counts', async () => {
    const ask = async (q: string) => {
      const res = await call(demo.url, `/fabricext/${v}/places?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      return Answer.parse(res.body).places;
    };
    const names = [...new Set(fabric.towns.flatMap((t) => [t.name, t.zip]))];
    const found = new Map<string, PlaceRecord>();
    for (const q of names) {
      for (const p of await ask(q)) {
        if ((p.kind === 'town' || p.kind === 'zip') && p.name.toUpperCase() === q.toUpperCase())
          found.set(`${p.kind} ${p.state} ${p.name}`, p);
      }
    }
    const towns = [...found.values()].filter((p) => p.kind === 'town');
    expect(towns.length).toBe(new Set(fabric.towns.map((t) => t.name)).size);
    expect(found.size - towns.length).toBe(new Set(fabric.towns.map((t) => t.zip)).size);
    // The fabric's own count of the place's locations, which the outline's report may exceed.
    const bit = 1 << (fabric.vintages.length - 1);
    const { locations: loc } = fabric;
    const own = (p: PlaceRecord) => {
      let n = 0;
      for (let i = 0; i < loc.count; i++) {
        const t = fabric.towns[loc.town[i]]!;
        if (loc.presence[i] & bit && (p.kind === 'zip' ? t.zip === p.name : t.name === p.name)) n++;
      }
      return n;
    };
    let exceeding = 0;
    for (const [key, p] of found) {
      // On the grid of an area's link (1e-5°): the area the app keeps is this outline itself.
      const off = p.outline!.coordinates[0]!.flat().filter((c) => Math.round(c * 1e5) / 1e5 !== c);
      expect(off, key).toEqual([]);
      const res = await call(demo.url, `/fabricext/${v}/report?coverage=${cv}`, {
        body: p.outline,
      });
      expect(res.status, key).toBe(200);
      const report = res.body as ReportResponse;
      expect(p.locationcount, key).toBe(report.locationcount);
      expect(p.locationcount, key).toBeGreaterThanOrEqual(own(p));
      if (p.locationcount > own(p)) exceeding++;
    }
    // Some outline takes in locations of another place: the case the count is about.
    expect(exceeding).toBeGreaterThan(0);
  });
});
