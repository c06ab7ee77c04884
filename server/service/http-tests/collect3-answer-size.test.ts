// collect3 answers stay in proportion to the area posted: each continuation repeats the area,
// so a detailed boundary (the demo county with its edges cut into some 8,000 vertices) gets
// fewer, larger parts instead of an answer many times its size, and following them still gives
// every location exactly once, the same ones as the plain county.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED, generateFabric } from '../../demo/generate-fabric';
import { createMemoryStore } from '../store/memory/memory-store';
import { CURRENT, TOKEN, call, startService, type RunningService } from './harness';
import { pyHeaders, pyJson } from './python-forms';

type Area = GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.MultiPolygon>;

const PATH = `/fabric/${CURRENT}/collect3/locations`;
// Small parts, so the county needs a dozen of them and an answer would list many.
const LIMITS = { partSize: 1000, maxParts: 64 };
let svc: RunningService;
let county: Area;

beforeAll(async () => {
  const store = createMemoryStore(generateFabric({ seed: DEFAULT_SEED, locations: 10_000 }));
  svc = await startService({ store, collectLimits: LIMITS });
  const res = await call(svc.url, '/geosvc/libgetgeo/tiger/2020/counties?id=17167');
  expect(res.status).toBe(200);
  county = res.body as Area;
});
afterAll(async () => {
  expect(svc.logged).toEqual([]);
  await svc.close();
});

/** The same rings with every edge cut into `k` pieces: the same area, k times the vertices. */
function densify(area: Area, k: number): Area {
  const cut = (ring: GeoJSON.Position[]) => [
    ...ring.slice(0, -1).flatMap(([x0, y0], i) => {
      const [x1, y1] = ring[i + 1]!;
      return Array.from({ length: k }, (_, j) => [
        x0! + ((x1! - x0!) * j) / k,
        y0! + ((y1! - y0!) * j) / k,
      ]);
    }),
    ring[0]!,
  ];
  const g = area.geometry;
  const geometry: GeoJSON.MultiPolygon = {
    type: 'MultiPolygon',
    coordinates: (g.type === 'Polygon' ? [g.coordinates] : g.coordinates).map((p) => p.map(cut)),
  };
  return { type: 'Feature', properties: {}, geometry };
}

interface Walk {
  uuids: string[];
  calls: number;
  /** The largest answer over the size of the body that asked for it. */
  worstRatio: number;
  largestAnswer: number;
}

/** The official client's recursion over raw bodies, measuring each answer against its request. */
async function collect(area: unknown): Promise<Walk> {
  const walk: Walk = { uuids: [], calls: 0, worstRatio: 0, largestAnswer: 0 };
  const visit = async (body: unknown) => {
    const raw = pyJson(body);
    const res = await fetch(svc.url + PATH, {
      method: 'POST',
      body: raw,
      headers: pyHeaders(TOKEN),
    });
    const text = await res.text();
    expect(res.status, text.slice(0, 200)).toBe(200);
    walk.calls++;
    walk.largestAnswer = Math.max(walk.largestAnswer, text.length);
    walk.worstRatio = Math.max(walk.worstRatio, text.length / raw.length);
    const answer = JSON.parse(text) as { data: string[]; continuations: { body: unknown }[] };
    if (answer.continuations.length === 0) walk.uuids.push(...answer.data);
    for (const c of answer.continuations) await visit(c.body);
  };
  await visit(area);
  return walk;
}

describe('collect3 answer size', () => {
  it('answers a detailed area with at most three continuations, about three times its size', async () => {
    const vertices = JSON.stringify(county.geometry).split('],[').length;
    const dense = densify(county, Math.ceil(8_000 / vertices));
    const bytes = pyJson(dense).length;
    expect(bytes).toBeGreaterThan(300_000);

    const plain = await collect(county);
    const detailed = await collect(dense);
    expect(plain.uuids.length).toBeGreaterThan(8 * LIMITS.partSize);
    expect(new Set(detailed.uuids).size).toBe(detailed.uuids.length);
    expect(detailed.uuids.toSorted()).toEqual(plain.uuids.toSorted());
    // Three continuations of the area (compact JSON, shorter than the client's) and their
    // sealed parts; before, 16 MiB of continuations whatever the area's size.
    expect(detailed.worstRatio).toBeLessThan(3.2);
    // A small area keeps its many parts within about 1 MiB.
    expect(plain.largestAnswer).toBeLessThan(1.1 * 1024 * 1024);
    expect(plain.calls).toBeGreaterThan(plain.uuids.length / LIMITS.partSize);
  });
});
