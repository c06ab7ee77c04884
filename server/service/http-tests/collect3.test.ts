// collect3 over real HTTP, the way the official client's `collect` drives it: fetch a county's
// boundary from libgetgeo, post it, and post every continuation's body in turn, keeping the
// data of the answers that have no continuations. The union is checked against turf over a
// generated fabric of the real county, with both the service's part size and small limits
// that nest continuations.
import { booleanPointInPolygon } from '@turf/turf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED, generateFabric } from '../../demo/generate-fabric';
import { pointOnSurface } from '../store/rules/representative-point';
import type { Fabric } from '../store/fabric';
import { createMemoryStore } from '../store/memory/memory-store';
import { createUuidCodec } from '../store/uuid-codec';
import { CURRENT, TOKEN, call, errorOf, startService, type RunningService } from './harness';
import { pyHeaders, pyJson } from './python-forms';

const fabric: Fabric = generateFabric({ seed: DEFAULT_SEED, locations: 20_000 });
const codec = createUuidCodec(fabric.seed);
const SMALL = { partSize: 800, maxParts: 4 };
let svc: RunningService;
let nested: RunningService;
let county: GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.MultiPolygon>;

beforeAll(async () => {
  const store = createMemoryStore(fabric);
  svc = await startService({ store });
  nested = await startService({ store, collectLimits: SMALL });
  const res = await call(svc.url, '/geosvc/libgetgeo/tiger/2020/counties?id=17167', {
    noAuth: true,
    headers: pyHeaders(TOKEN),
  });
  expect(res.status).toBe(200);
  county = res.body as typeof county;
});
afterAll(async () => {
  expect([...svc.logged, ...nested.logged]).toEqual([]);
  await svc.close();
  await nested.close();
});

interface CollectAnswer {
  data: string[];
  continuations: { body: unknown }[];
}

const post = (base: string, path: string, body: unknown) =>
  call(base, path, { method: 'POST', raw: pyJson(body), headers: pyHeaders(TOKEN), noAuth: true });

/** The client's recursion; also counts calls and the deepest chain of continuations. */
async function collect(
  base: string,
  v: string,
  layer: string,
  area: unknown,
  path = `/fabric/${v}/collect3/${layer}`,
) {
  const uuids: string[] = [];
  let calls = 0;
  let depth = 0;
  const visit = async (body: unknown, level: number) => {
    calls++;
    depth = Math.max(depth, level);
    const res = await post(base, path, body);
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    const answer = res.body as CollectAnswer;
    if (answer.continuations.length > 0) {
      expect(answer.data).toEqual([]);
      for (const c of answer.continuations) await visit(c.body, level + 1);
    } else uuids.push(...answer.data);
  };
  await visit(area, 0);
  return { uuids, calls, depth };
}

/** Feature indexes of the layer inside the county, by turf: the independent answer. */
function expectedInside(layer: 'locations' | 'parcels' | 'footprints', vi: number): number[] {
  const inside = (p: [number, number]) => booleanPointInPolygon(p, county);
  const out: number[] = [];
  if (layer === 'locations') {
    const loc = fabric.locations;
    for (let i = 0; i < loc.count; i++)
      if (loc.presence[i] & (1 << vi) && inside([loc.lng[i], loc.lat[i]])) out.push(i);
    return out;
  }
  const g = fabric[layer].geometry;
  for (let f = 0; f < g.count; f++) if (inside(pointOnSurface(g, f))) out.push(f);
  return out;
}

function featuresOf(uuids: string[], layer: number, vi: number): number[] {
  return uuids.map((u) => {
    const t = codec.decode(u);
    expect(t).toMatchObject({ layer, vintageIndex: vi });
    return t!.feature;
  });
}

describe('collect3 over the whole demo county', () => {
  it.each([
    ['locations', 0, CURRENT],
    ['locations', 0, '202306'],
    ['parcels', 1, CURRENT],
    ['footprints', 2, CURRENT],
  ] as const)(
    '%s (%s) of %s: every feature inside exactly once, in parts',
    async (layer, code, v) => {
      const vi = fabric.vintages.findIndex((x) => x.vintage === v);
      for (const [base, limits] of [
        [svc.url, { partSize: 5000 }],
        [nested.url, SMALL],
      ] as const) {
        const { uuids, calls, depth } = await collect(base, v, layer, county);
        const got = featuresOf(uuids, code, vi);
        expect(new Set(got).size).toBe(got.length);
        const expected = expectedInside(layer, vi);
        expect(got.sort((a, b) => a - b)).toEqual(expected);
        // Every part within the part size: at least total / size calls.
        expect(calls).toBeGreaterThanOrEqual(Math.ceil(expected.length / limits.partSize) + 1);
        if (base === nested.url) expect(depth).toBeGreaterThanOrEqual(2);
      }
    },
  );

  it('holds every location of the generated county (all lie inside its boundary)', async () => {
    const { uuids } = await collect(svc.url, CURRENT, 'locations', county);
    const newest = 1 << (fabric.vintages.length - 1);
    expect(uuids.length).toBe(fabric.locations.presence.filter((p) => p & newest).length);
  });

  it("answers the older clients' collect2 as collect3 of the locations, parts included", async () => {
    const v2 = await collect(
      nested.url,
      CURRENT,
      'locations',
      county,
      `/fabric/${CURRENT}/collect2`,
    );
    const v3 = await collect(nested.url, CURRENT, 'locations', county);
    expect(v2.depth).toBeGreaterThanOrEqual(2);
    expect(v2.uuids).toEqual(v3.uuids);
  });

  it('answers the same parts in the same order every time', async () => {
    const path = `/fabric/${CURRENT}/collect3/locations`;
    const a = (await post(svc.url, path, county)).body as CollectAnswer;
    const b = (await post(svc.url, path, county)).body as CollectAnswer;
    expect(a.continuations.length).toBeGreaterThan(1);
    expect(b).toEqual(a);
  });
});

describe('collect3 refusals', () => {
  const PATH = `/fabric/${CURRENT}/collect3/locations`;
  /** The first continuation body of the county: a Feature with a sealed `continuation`. */
  async function continuation(): Promise<{
    type: 'Feature';
    properties: { continuation: string };
    geometry: GeoJSON.MultiPolygon;
  }> {
    const answer = (await post(nested.url, PATH, county)).body as CollectAnswer;
    return answer.continuations[0]!.body as never;
  }

  async function expectRule(base: string, path: string, body: unknown, rule: string) {
    const res = await post(base, path, body);
    const error = errorOf(res.body);
    expect({ status: res.status, code: error.code, rule: error.details?.rule }).toEqual({
      status: 400,
      code: 'invalid_parameter',
      rule,
    });
    expect(error.message).toContain('continuation');
  }

  it('refuses a forged continuation', async () => {
    const body = await continuation();
    const token = body.properties.continuation;
    const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
    await expectRule(
      nested.url,
      PATH,
      { ...body, properties: { continuation: flipped } },
      'signature',
    );
    // A part made up by hand, sealed with nothing.
    const forged = `${Buffer.from(JSON.stringify({ part: { node: [0, 10] } })).toString('base64url')}.AAAA`;
    await expectRule(
      nested.url,
      PATH,
      { ...body, properties: { continuation: forged } },
      'signature',
    );
    await expectRule(nested.url, PATH, { ...body, properties: { continuation: 'abc' } }, 'format');
    await expectRule(nested.url, PATH, { ...body, properties: { continuation: 7 } }, 'format');
  });

  it('refuses a continuation posted for another area, layer or vintage', async () => {
    const body = await continuation();
    const ring = body.geometry.coordinates[0]![0]!;
    const moved = ring.map(([x, y]) => [x! + 0.01, y!]);
    await expectRule(
      nested.url,
      PATH,
      { ...body, geometry: { type: 'MultiPolygon', coordinates: [[moved]] } },
      'area',
    );
    await expectRule(nested.url, `/fabric/${CURRENT}/collect3/parcels`, body, 'operation');
    await expectRule(nested.url, '/fabric/202412/collect3/locations', body, 'operation');
  });

  it('refuses a continuation from an earlier run of the service (stale)', async () => {
    const body = await continuation();
    const restarted = await startService({ store: nested.store, collectLimits: SMALL });
    try {
      await expectRule(restarted.url, PATH, body, 'signature');
    } finally {
      await restarted.close();
    }
  });

  it('refuses an invalid area, an unknown layer or vintage, GET and a missing token', async () => {
    const open = {
      type: 'Polygon',
      coordinates: [
        [
          [-89.7, 39.8],
          [-89.6, 39.8],
          [-89.6, 39.9],
        ],
      ],
    };
    const bad = await post(svc.url, PATH, open);
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body)).toMatchObject({ code: 'invalid_geojson' });
    const layer = await post(svc.url, `/fabric/${CURRENT}/collect3/roads`, county);
    expect(layer.status).toBe(400);
    expect(errorOf(layer.body).message).toBe('layer must be one of locations, parcels, footprints');
    const vintage = await post(svc.url, '/fabric/209912/collect3/locations', county);
    expect([vintage.status, errorOf(vintage.body).code]).toEqual([404, 'unknown_vintage']);
    const get = await call(svc.url, PATH);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const anonymous = await call(svc.url, PATH, { body: county, noAuth: true });
    expect(anonymous.status).toBe(401);
  });
});
