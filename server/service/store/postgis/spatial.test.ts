// The PostGIS store's place operations (locate, summarize, collect3) against the memory store
// over the same demo fabric, exported and imported into a private cluster: hundreds of random
// points under options that change answers, areas of every shape, collect3 followed to the end
// under tight limits. Answers must be equal, records and order, not merely close.
import pg from 'pg';
import { DEFAULT_FIXED_FILTERS, type FixedFilters } from '../../../../shared/fixed-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFabric } from '../../../demo/generate-fabric';
import { summarize as memorySummarize } from '../memory/ops/summarize';
import { buildFabricIndex } from '../memory/fabric-index';
import { createMemoryStore } from '../memory/memory-store';
import { MAXCOUNT } from '../contract';
import { collectAll, repeated } from '../contract/testing/collect-all';
import { loadIntoPostgis, type LoadedFabric } from '../contract/testing/load-into-postgis';
import type { Fabric } from '../fabric';
import { type Area, type Store } from '../store';
import { ALL_MATCH_TYPES, type LocateOptions } from '../../../contract/schemas/locate-match-types';
import { collect } from './collect';
import { loadPgContext, type PgContext } from './context';
import { locate } from './locate';
import { report } from './report';
import { summarize } from './summarize';

let fabric: Fabric;
let loaded: LoadedFabric;
let pool: pg.Pool;
let ctx: PgContext;
let memory: Store;

beforeAll(async () => {
  fabric = generateFabric({ seed: 23, locations: 3000 });
  loaded = await loadIntoPostgis(fabric);
  pool = new pg.Pool({ connectionString: loaded.url, max: 4 });
  ctx = await loadPgContext(pool);
  memory = createMemoryStore(fabric);
}, 300_000);

afterAll(async () => {
  await pool?.end();
  await memory?.close();
  loaded?.stop();
});

/** Uniform numbers in [0, 1), seeded: every run asks the same questions. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

const vintage = (vi: number) => fabric.vintages[vi].vintage;

const DEFAULTS: LocateOptions = {
  parceldistancem: 500,
  neardistancem: 50,
  parceltolerancem: 0,
  footprinttolerancem: 0,
  matchtypes: ALL_MATCH_TYPES,
};
const OPTIONS: LocateOptions[] = [
  DEFAULTS,
  { ...DEFAULTS, parceltolerancem: 8, footprinttolerancem: 6 },
  { ...DEFAULTS, parceldistancem: 15, neardistancem: 100, footprinttolerancem: 25 },
  { ...DEFAULTS, matchtypes: 0b1010 },
  { ...DEFAULTS, matchtypes: 0b0101, parceltolerancem: 30, neardistancem: 0 },
];

/** Points near locations (most land in a parcel or footprint) and some anywhere around. */
function points(n: number, seed: number) {
  const r = random(seed);
  const { lng, lat, count } = fabric.locations;
  return Array.from({ length: n }, (_, k) => {
    const i = Math.floor(r() * count);
    const spread = k % 4 === 0 ? 0.02 : 0.0012;
    return { longitude: lng[i] + (r() - 0.5) * spread, latitude: lat[i] + (r() - 0.5) * spread };
  });
}

/** A wavy ring of `n` vertices around (x, y), radius r degrees, counter-clockwise. */
function ring(x: number, y: number, r: number, n: number, phase = 0): GeoJSON.Position[] {
  const out: GeoJSON.Position[] = [];
  for (let k = 0; k < n; k++) {
    const t = (2 * Math.PI * k) / n;
    const f = 1 + 0.3 * Math.sin(5 * t + phase);
    out.push([x + r * f * Math.cos(t), y + 0.7 * r * f * Math.sin(t)]);
  }
  out.push(out[0]);
  return out;
}

const rect = (x0: number, y0: number, x1: number, y1: number): GeoJSON.Position[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];

function areas(): [string, Area][] {
  const [a, b, c] = fabric.towns;
  const { lng, lat } = fabric.locations;
  const [x0, y0, x1, y1] = [Math.min(...lng), Math.min(...lat), Math.max(...lng), Math.max(...lat)];
  const [w, h] = [x1 - x0, y1 - y0];
  return [
    ['wavy ring', [[ring(a.lng, a.lat, 0.02, 300)]]],
    ['ring with holes', [[ring(b.lng, b.lat, 0.03, 120), ring(b.lng, b.lat, 0.008, 40).reverse()]]],
    [
      'overlapping MultiPolygon',
      [
        [ring(a.lng, a.lat, 0.015, 50)],
        [ring(a.lng + 0.01, a.lat, 0.015, 70, 1)],
        [ring(c.lng, c.lat, 0.01, 9)],
      ],
    ],
    [
      'a triangle',
      [
        [
          [
            [a.lng, a.lat],
            [b.lng, b.lat],
            [c.lng, c.lat],
            [a.lng, a.lat],
          ],
        ],
      ],
    ],
    ['nowhere', [[ring(-100, 45, 0.01, 12)]]],
    // Areas that hold whole blocks of points, and miss whole blocks inside their box.
    ['the whole extent', [[rect(x0, y0, x1, y1)]]],
    [
      'the extent but its middle',
      [[rect(x0, y0, x1, y1), rect(x0 + w / 4, y0 + h / 4, x1 - w / 4, y1 - h / 4).reverse()]],
    ],
  ];
}

describe('PostGIS locate', () => {
  it.each([4, 1])('answers as the memory store (vintage %i)', async (vi) => {
    const v = vintage(vi);
    const types = new Map<string, number>();
    for (const [k, options] of OPTIONS.entries()) {
      for (const [j, p] of points(120, 100 * vi + k).entries()) {
        const point = { ...p, sourcekey: j };
        const want = await memory.locate(v, point, options);
        const got = await locate(ctx, v, point, options);
        expect(got, `${JSON.stringify(point)} ${JSON.stringify(options)}`).toEqual(want);
        const t = want[0]?.matchtype ?? 'none';
        types.set(t, (types.get(t) ?? 0) + 1);
      }
    }
    // The points reach every step of the rule, and no answer.
    for (const t of ['FootprintParcel', 'Parcel', 'Footprint', 'Nearest', 'none'])
      expect(types.get(t), t).toBeGreaterThan(3);
  });

  it('answers nothing for a vintage it does not hold', async () => {
    expect(
      await locate(ctx, '199906', { latitude: 0, longitude: 0, sourcekey: null }, DEFAULTS),
    ).toEqual([]);
  });
});

describe('PostGIS summarize', () => {
  const FIELD_LISTS = [
    [],
    ['building_type_code', 'bsl_flag'],
    ['h3_res8_id', 'unit_count'],
    ['state_abbr', 'county_geoid', 'land_use_code', 'served_status'],
    ['max_down_mbps', 'max_up_mbps', 'provider_count', 'fiber_provider_count'],
  ];

  it('answers as the memory store, every area, field list and nocat', async () => {
    let rows = 0;
    for (const vi of [fabric.vintages.length - 1, 0]) {
      for (const [name, area] of areas()) {
        for (const fields of FIELD_LISTS) {
          for (const nocat of [false, true]) {
            const want = await memory.summarize(vintage(vi), area, fields, nocat);
            const got = await summarize(ctx, vintage(vi), area, fields, nocat);
            expect(got, `${name} ${fields} ${nocat}`).toEqual(want);
            if (want.ok) rows += want.response.data.length;
          }
        }
      }
    }
    expect(rows).toBeGreaterThan(200);
  });

  it('reads the computed fields at another coverage vintage and for business offers', async () => {
    const computed = ['served_status', 'max_down_mbps', 'provider_count', 'fiber_provider_count'];
    const last = fabric.vintages.length - 1;
    const cases = [
      { vi: last, options: { audience: 'business' as const } },
      { vi: last, options: { coverage: vintage(1) } },
      { vi: 1, options: { coverage: vintage(last), audience: 'business' as const } },
      { vi: 1, options: { coverage: '209912' } },
    ];
    const statuses = new Set<unknown>();
    for (const { vi, options } of cases) {
      for (const [name, area] of areas().slice(0, 3)) {
        const want = await memory.summarize(vintage(vi), area, computed, false, options);
        const got = await summarize(ctx, vintage(vi), area, computed, false, options);
        expect(got, `${name} ${JSON.stringify(options)}`).toEqual(want);
        if (want.ok) for (const r of want.response.data) statuses.add(r.served_status);
      }
    }
    // The cases reach locations outside the coverage's release, non-BSLs, and each status.
    expect([...statuses].sort()).toEqual([
      'notbsl',
      'notinrelease',
      'served',
      'underserved',
      'unserved',
    ]);
  });

  it('refuses an area too dense where the locations are, as the memory store does', async () => {
    // A star of 1000 spikes: edges all over the town, where its locations are.
    const [a] = fabric.towns;
    const star = ring(a.lng, a.lat, 0.02, 2000).map(([x, y], k) =>
      k % 2 ? [a.lng + (x - a.lng) / 5, a.lat + (y - a.lat) / 5] : [x, y],
    );
    star[star.length - 1] = star[0];
    const area: Area = [[star]];
    const ix = buildFabricIndex(fabric);
    const vi = fabric.vintages.length - 1;
    const refusal = (f: () => unknown) => {
      try {
        f();
        return null;
      } catch (err) {
        return JSON.stringify(err);
      }
    };
    const limit = 200;
    const want = refusal(() =>
      memorySummarize(ix, vi, area, [], false, { maxcount: MAXCOUNT, maxEdgeTests: limit }),
    );
    expect(want).toMatch(/area_too_complex/);
    // Under a limit the area passes, the edge tests counted over the same points.
    const tests = Number(JSON.parse(want!).details.edgeTests);
    expect(
      refusal(() =>
        memorySummarize(ix, vi, area, [], false, { maxcount: MAXCOUNT, maxEdgeTests: tests }),
      ),
    ).toBeNull();
    expect(
      await summarize(ctx, vintage(vi), area, [], false, { maxEdgeTests: tests }).then((r) => r.ok),
    ).toBe(true);
    const got = await summarize(ctx, vintage(vi), area, [], false, { maxEdgeTests: limit }).then(
      () => null,
      (err: unknown) => JSON.stringify(err),
    );
    expect(got).toEqual(want);
  });
});

describe('PostGIS area report', () => {
  const FILTERS: FixedFilters[] = [
    DEFAULT_FIXED_FILTERS,
    { audience: 'business', speed: '100/20', tech: 'wired', lowLatency: true },
    { audience: 'residential', speed: '25/3', tech: 'fiber', lowLatency: false },
    { audience: 'residential', speed: '1000/100', tech: 'any', lowLatency: false },
  ];

  it('counts as the memory store: every filter set, own and other coverage vintages', async () => {
    const last = fabric.vintages.length - 1;
    const pairs = [
      [last, last],
      [last, 1],
      [1, last],
      [0, 0],
    ];
    let providers = 0;
    for (const [vi, ci] of pairs) {
      for (const filters of FILTERS) {
        for (const [name, area] of areas()) {
          const args = [vintage(vi), vintage(ci), area, filters] as const;
          const want = await memory.report(...args);
          const got = await report(ctx, ...args);
          expect(got, `${name} ${vi}/${ci} ${JSON.stringify(filters)}`).toEqual(want);
          if (want.ok) providers += want.response.providers.length;
        }
      }
    }
    expect(providers).toBeGreaterThan(20);
    const unknown = await report(
      ctx,
      vintage(last),
      '209912',
      areas()[0][1],
      DEFAULT_FIXED_FILTERS,
    );
    expect(unknown).toEqual(
      await memory.report(vintage(last), '209912', areas()[0][1], DEFAULT_FIXED_FILTERS),
    );
  });
});

describe('PostGIS collect3', () => {
  const pgStore = { collect: (...a: Parameters<Store['collect']>) => collect(ctx, ...a) } as Store;

  it.each([
    { partSize: 3, maxParts: 4 },
    { partSize: 700, maxParts: 3 },
    { partSize: 5000, maxParts: 64 },
  ])("gathers the memory store's features once each, parts within %o", async (limits) => {
    const v = vintage(fabric.vintages.length - 1);
    for (const layer of ['locations', 'parcels', 'footprints'] as const) {
      for (const [name, area] of areas().filter(
        (_, k) => limits.partSize > 3 || k < 2 || k === 6,
      )) {
        // The memory store's own parts stop at its tree's leaves (64 points): its answer under
        // the largest limits, which do not change what is gathered.
        const want = await collectAll(memory, v, layer, area, { partSize: 5000, maxParts: 64 });
        expect(want.problems).toEqual([]);
        const got = await collectAll(pgStore, v, layer, area, limits, 100_000);
        expect(got.problems, `${layer} ${name}`).toEqual([]);
        expect(repeated(got.uuids)).toEqual([]);
        expect(got.uuids.slice().sort(), `${layer} ${name}`).toEqual(want.uuids.slice().sort());
      }
    }
  });

  it('refuses a part it never lists', async () => {
    const v = vintage(0);
    const area = areas()[0][1];
    const limits = { partSize: 100, maxParts: 4 };
    expect(await collect(ctx, v, 'locations', area, { node: [-1, 3] }, limits)).toBeNull();
    expect(await collect(ctx, v, 'locations', area, { node: [5, 4] }, limits)).toBeNull();
    expect(await collect(ctx, v, 'locations', area, { node: [0, 1e9] }, limits)).toBeNull();
    expect(await collect(ctx, v, 'parcels', area, { points: [1] }, limits)).toBeNull();
    expect(await collect(ctx, '199906', 'parcels', area, null, limits)).toBeNull();
  });
});
