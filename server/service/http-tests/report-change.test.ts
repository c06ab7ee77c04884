// The area report compared with a second release, over real HTTP: its change block equals what
// a client recounts from the published operations for the same small area (collect3 and bulk
// data at both fabric vintages, bulk data at each coverage vintage's release, bdcfixed at both
// coverage vintages, history at the later fabric for the retired ids), each location's side by
// shared/fixed-status.ts and its class by shared/fixed-change.ts. And the parameters' refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeClass,
  changeSide,
  type ChangeSide,
  type ChangeSideStatus,
} from '../../../shared/fixed-change';
import { earlierSide } from '../../../shared/fixed-change-hex';
import { encodeTiers, parseFixedFilters, type FixedFilters } from '../../../shared/fixed-status';
import { report } from '../store/memory/ops/report';
import type { FixedRecord } from '../../contract/schemas/coverage';
import type { ReportResponse } from '../../contract/schemas/report';
import { buildFabricIndex } from '../store/memory/fabric-index';
import { createMemoryStore } from '../store/memory/memory-store';
import type { Store } from '../store/store';
import { buildFixtureFabric } from '../testing/fixture-fabric';
import { fixtureLngLat, rect } from '../testing/fixture-layout';
import { buildScatterFabric } from '../testing/scatter-fabric';
import {
  CURRENT,
  call,
  errorOf,
  expectErrorCase,
  startService,
  type RunningService,
} from './harness';
import { locationsInside } from './fixed-tile-support';

/** The scatter fabric, with retirement equivalents: about half the retired ids name one. */
function fabricWithEquivalents() {
  const fabric = buildScatterFabric(4000, 7);
  const { presence, reLocationId, locationId, count } = fabric.locations;
  const newest = 1 << (fabric.vintages.length - 1);
  const current = [...Array(count).keys()].filter((i) => presence[i] & newest);
  for (let i = 0; i < count; i++)
    if (!(presence[i] & newest) && i % 2 === 0)
      reLocationId[i] = locationId[current[(i * 7) % current.length]];
  return fabric;
}

let svc: RunningService;
beforeAll(async () => {
  svc = await startService({ store: createMemoryStore(fabricWithEquivalents()) });
});
afterAll(async () => {
  expect(svc.logged).toEqual([]);
  await svc.close();
});

const AREA = {
  type: 'Polygon',
  coordinates: [
    [
      [-1500, -1500],
      [1500, -1500],
      [1500, 1500],
      [-1500, 1500],
      [-1500, -1500],
    ].map(([x, y]) => fixtureLngLat(x!, y!)),
  ],
};

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await call(svc.url, path, { body });
  expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return res.body as T;
}

type Row = { location_id: number; bsl_flag: number; unit_count: number };

/** The fabric vintage's locations inside the area, by location_id. */
async function locationsById(fv: string): Promise<Map<number, Row>> {
  const rows = await locationsInside(svc.url, fv, AREA as GeoJSON.Polygon, ['unit_count']);
  return new Map(rows.map((r) => [r.location_id, r]));
}

interface Release {
  fabric: string;
  coverage: string;
}

/** The change block recounted from the published operations. */
async function recount(a: Release, b: Release, filters: FixedFilters) {
  const [inA, inB] = await Promise.all([locationsById(a.fabric), locationsById(b.fabric)]);
  const ids = [...new Set([...inA.keys(), ...inB.keys()])];
  const fabrics = (await call(svc.url, '/fabric/vintages')).body as { vintage: string }[];
  const releaseOf = (cv: string) => fabrics.filter((f) => f.vintage <= cv).at(-1)?.vintage;
  const side = async (r: Release, inside: Map<number, Row>) => {
    const release = releaseOf(r.coverage);
    const held = release
      ? await post<{ location_id: number }[]>(
          `/fabric/${release}/bulk/locations?field=location_id`,
          ids,
        )
      : [];
    const inRelease = new Set(held.map((h) => h.location_id));
    const records = await post<FixedRecord[]>(`/coverage/bdcfixed?vintage=${r.coverage}`, ids);
    const offers = new Map<number, FixedRecord[]>();
    for (const rec of records) {
      const id = Number(rec.location_id);
      offers.set(id, [...(offers.get(id) ?? []), rec]);
    }
    return (id: number): ChangeSide | null => {
      const row = inside.get(id);
      if (!row) return null;
      const own = offers.get(id) ?? [];
      const facts = {
        inRelease: inRelease.has(id),
        bsl: row.bsl_flag === 1,
        offers: own.length,
        tiers: encodeTiers(own, filters.audience),
      };
      return changeSide(facts, filters);
    };
  };
  const [sideA, sideB] = await Promise.all([side(a, inA), side(b, inB)]);
  const earlier = earlierSide(a, b);
  const later = a.fabric === b.fabric ? null : a.fabric > b.fabric ? a.fabric : b.fabric;
  const table = new Map<string, { locations: number; units: number }>();
  const classes = new Map<string, { locations: number; units: number }>();
  const add = (into: typeof table, key: string, units: number) => {
    const c = into.get(key) ?? { locations: 0, units: 0 };
    c.locations++;
    c.units += units;
    into.set(key, c);
  };
  let retiredAsked = 0;
  for (const id of ids) {
    const sa = sideA(id);
    const sb = sideB(id);
    const units = (inA.get(id) ?? inB.get(id))!.unit_count;
    const [before, after] = earlier === 'a' ? [sa, sb] : [sb, sa];
    let equivalent = false;
    if (later && before && !after) {
      retiredAsked++;
      const h = (await call(svc.url, `/fabricext/${later}/history?location_id=${id}`)).body as {
        re_location_id: number | null;
      }[];
      equivalent = (h[0]?.re_location_id ?? null) !== null;
    }
    const status = (s: ChangeSide | null): ChangeSideStatus => s?.status ?? 'absent';
    add(table, `${status(sa)} ${status(sb)}`, units);
    add(classes, changeClass(before, after, equivalent), units);
  }
  return { locationcount: ids.length, table, classes, retiredAsked, onlyA: inA.size };
}

const CASES: [a: Release, b: Release, query: Record<string, string>][] = [
  [{ fabric: '202506', coverage: '202506' }, { fabric: '202406', coverage: '202406' }, {}],
  [
    { fabric: '202412', coverage: '202306' },
    { fabric: '202506', coverage: '202412' },
    { speed: '250/25', tech: 'wired' },
  ],
  [
    { fabric: '202506', coverage: '202506' },
    { fabric: '202506', coverage: '202412' },
    { audience: 'business' },
  ],
  [
    { fabric: '202306', coverage: '202306' },
    { fabric: '202506', coverage: '202506' },
    { speed: '25/3', tech: 'fixedwireless', lowlatency: '1' },
  ],
];

describe('POST /fabricext/{v}/report?with=&withfabric=', () => {
  const seen = new Map<string, number>();

  it.each(CASES)('%o compared with %o, %o: equals a recount from the records', async (a, b, q) => {
    const parsed = parseFixedFilters(q);
    if (!parsed.ok) throw new Error('bad case');
    const query = new URLSearchParams({
      coverage: a.coverage,
      with: b.coverage,
      withfabric: b.fabric,
      ...q,
    });
    const answer = await post<ReportResponse>(`/fabricext/${a.fabric}/report?${query}`, AREA);
    const expected = await recount(a, b, parsed.filters);
    const change = answer.change!;
    expect(change).toMatchObject({
      fabric: b.fabric,
      coverage: b.coverage,
      earlier: earlierSide(a, b),
      locationcount: expected.locationcount,
    });
    expect(answer.locationcount).toBe(expected.onlyA);
    expect(
      new Map(
        change.table.map((r) => [`${r.a} ${r.b}`, { locations: r.locations, units: r.units }]),
      ),
    ).toEqual(expected.table);
    // Zero rows are left out of the table; every class is listed.
    expect(change.table.every((r) => r.locations > 0)).toBe(true);
    const classes = new Map(
      change.classes
        .filter((c) => c.locations > 0)
        .map((c) => [c.class, { locations: c.locations, units: c.units }]),
    );
    expect(classes).toEqual(expected.classes);
    expect(change.classes).toHaveLength(10);
    // Not vacuous: the area holds many locations, several transitions; another fabric adds ids.
    expect(expected.locationcount).toBeGreaterThan(50);
    expect(change.table.filter((r) => r.a !== r.b).length).toBeGreaterThan(3);
    if (a.fabric !== b.fabric) {
      expect(expected.locationcount).toBeGreaterThan(expected.onlyA);
      expect(expected.retiredAsked).toBeGreaterThan(0);
    }
    for (const [k, v] of expected.classes) seen.set(k, (seen.get(k) ?? 0) + v.locations);
  });

  it('reached every kind of change over the cases', () => {
    for (const cls of ['new', 'retired', 'retired_equivalent', 'newly_served', 'lost_service'])
      expect(seen.get(cls), cls).toBeGreaterThan(0);
  });

  it('has no change block without a second release', async () => {
    const plain = await post<ReportResponse>(`/fabricext/202506/report`, AREA);
    expect(plain.change).toBeUndefined();
  });
});

const TOWN = { type: 'Polygon', coordinates: [rect(-50, -10, 1800, 130)] };
const R = `/fabricext/${CURRENT}/report`;

describe('the compared release: refusals', () => {
  let fixture: RunningService;
  beforeAll(async () => {
    fixture = await startService();
  });
  afterAll(async () => {
    expect(fixture.logged).toEqual([]);
    await fixture.close();
  });

  it.each([
    ['with alone', `${R}?with=202406`, 400, 'invalid_parameter', 'withfabric'],
    ['withfabric alone', `${R}?withfabric=202406`, 400, 'invalid_parameter', 'with'],
    ['with not six digits', `${R}?with=2024&withfabric=202406`, 400, 'invalid_parameter', 'with'],
    [
      'withfabric not six digits',
      `${R}?with=202406&withfabric=x`,
      400,
      'invalid_parameter',
      'withfabric',
    ],
    ['an unknown with', `${R}?with=209912&withfabric=202406`, 404, 'unknown_vintage', 'with'],
    [
      'an unknown withfabric',
      `${R}?with=202406&withfabric=209912`,
      404,
      'unknown_vintage',
      'withfabric',
    ],
  ] as const)('%s', async (name, path, status, code, parameter) => {
    await expectErrorCase(fixture.url, [name, path, TOWN, status, code, [parameter]]);
    const res = await call(fixture.url, path, { body: TOWN });
    expect(errorOf(res.body).details?.parameter).toBe(parameter);
  });

  it('weighs maxcount against both fabrics\u2019 locations together', async () => {
    // The town holds 10 locations at 202406 and at 202506, 11 in both: L6 retires, L9 joins.
    const fabric = buildFixtureFabric();
    const ix = buildFabricIndex(fabric);
    const store: Store = {
      ...createMemoryStore(fabric),
      report: async (v, cv, area, filters, compare) =>
        report(ix, ix.vintageIndex(v), ix.vintageIndex(cv), area, filters, {
          maxcount: 10,
          compare: compare && {
            vi: ix.vintageIndex(compare.fabric),
            ci: ix.vintageIndex(compare.coverage),
          },
        }),
    };
    const small = await startService({ store });
    try {
      const path = `/fabricext/202406/report?coverage=202406`;
      expect((await call(small.url, path, { body: TOWN })).status).toBe(200);
      const res = await call(small.url, `${path}&with=202506&withfabric=202506`, { body: TOWN });
      expect(res.status).toBe(422);
      expect(errorOf(res.body).code).toBe('maxcount_exceeded');
      expect(res.body).toMatchObject({ locationcount: 11, maxcount: 10 });
    } finally {
      await small.close();
    }
  });
});
