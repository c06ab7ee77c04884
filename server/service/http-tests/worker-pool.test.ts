// The worker pool answers exactly as the event loop did: two services over the same store, one
// handing its POST operations to a worker thread and one answering them in process, given the
// same random areas and the same generated requests (valid and junk) over real HTTP, must give
// the same status, content type and bytes. collect3 runs in small parts (continuations sealed
// with the same key on both), so continuation bodies are compared too.
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServicePool, type ServicePool } from '../pool/service-pool';
import { createMemoryStore } from '../store/memory/memory-store';
import { buildFixtureFabric } from '../testing/fixture-fabric';
import { fixtureLngLat } from '../testing/fixture-layout';
import { ENDPOINTS } from './endpoint-arbitraries';
import { CURRENT, startService, type RunningService } from './harness';
import { send } from './raw-post';

const RUNS = 40;
const COLLECT = { partSize: 3, maxParts: 4 };
const store = createMemoryStore(buildFixtureFabric());
const workerLog: string[] = [];
let heavy: ServicePool;
let pooled: RunningService;
let inProcess: RunningService;

beforeAll(async () => {
  const settings = { workers: 1, queue: 16, timeoutMs: 10_000 };
  const started = await startServicePool(store, settings, {
    collectLimits: COLLECT,
    log: (line) => workerLog.push(line),
  });
  if (!started) throw new Error('no pool over a memory store');
  heavy = started;
  const shared = { store, collectLimits: COLLECT, continuationKey: heavy.continuationKey };
  pooled = await startService({ ...shared, pool: heavy.pool });
  inProcess = await startService(shared);
}, 60_000);

afterAll(async () => {
  await pooled?.close();
  await inProcess?.close();
  await heavy?.pool.close();
  expect(pooled?.logged).toEqual([]);
  expect(inProcess?.logged).toEqual([]);
});

async function expectSame(path: string, body: string | undefined, chunked = false) {
  const [a, b] = await Promise.all([
    send(pooled.url, path, body, chunked),
    send(inProcess.url, path, body, chunked),
  ]);
  expect(a, `${path} ${body?.slice(0, 200)}`).toEqual(b);
  return a;
}

/** A star-shaped ring around (x, y) meters from the fixture's origin: never crosses itself. */
function star(x: number, y: number, radii: number[]): number[][] {
  const ring = radii.map((r, k) => {
    const t = (2 * Math.PI * k) / radii.length;
    return fixtureLngLat(x + r * Math.cos(t), y + r * Math.sin(t));
  });
  return [...ring, ring[0]!];
}

const part = fc.record({
  x: fc.double({ min: -300, max: 3300, noNaN: true }),
  y: fc.double({ min: -200, max: 1200, noNaN: true }),
  radii: fc.array(fc.double({ min: 40, max: 2500, noNaN: true }), { minLength: 3, maxLength: 30 }),
  hole: fc.boolean(),
});

const area = fc
  .record({
    parts: fc.array(part, { minLength: 1, maxLength: 3 }),
    form: fc.constantFrom('Polygon', 'MultiPolygon', 'Feature'),
    spoil: fc.constantFrom(null, null, null, 'open', 'bowtie', 'range'),
  })
  .map(({ parts, form, spoil }) => {
    const polygons = parts.map((p) => {
      const rings = [star(p.x, p.y, p.radii)];
      // A hole well inside the shortest radius: inside the ring, crossing none of its edges.
      const inner = Math.min(...p.radii) / 3;
      if (p.hole) rings.push(star(p.x, p.y, [inner, inner, inner, inner]).reverse());
      return rings;
    });
    const ring = polygons[0]![0]!;
    if (spoil === 'open') ring.pop();
    if (spoil === 'bowtie' && ring.length > 4) [ring[1], ring[2]] = [ring[2]!, ring[1]!];
    if (spoil === 'range') ring[1] = [200, 95];
    const geometry =
      form === 'Polygon'
        ? { type: 'Polygon', coordinates: polygons[0] }
        : { type: 'MultiPolygon', coordinates: polygons };
    return form === 'Feature' ? { type: 'Feature', properties: {}, geometry } : geometry;
  });

const FIELDS = ['building_type_code', 'unit_count', 'served_status', 'max_down_mbps', 'h3_res8_id'];

describe('the worker pool answers as the event loop does', () => {
  it('summarize and collect3 over random areas: same status, type and bytes', async () => {
    await fc.assert(
      fc.asyncProperty(
        area,
        fc.subarray(FIELDS, { minLength: 1 }),
        fc.constantFrom('summarize', 'locations', 'parcels', 'footprints'),
        async (geojson, fields, op) => {
          const body = JSON.stringify(geojson);
          if (op === 'summarize') {
            await expectSame(`/fabricext/${CURRENT}/summarize?field=${fields.join(',')}`, body);
            return;
          }
          const first = await expectSame(`/fabric/${CURRENT}/collect3/${op}`, body);
          // Post the first continuation too: sealed by one side, opened by the other's worker.
          const next = first.status === 200 && JSON.parse(first.text).continuations[0]?.body;
          if (next) await expectSame(`/fabric/${CURRENT}/collect3/${op}`, JSON.stringify(next));
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it.each(ENDPOINTS.filter((e) => e.method === 'POST'))(
    'generated $name requests: same status, type and bytes',
    async ({ request }) => {
      await fc.assert(
        fc.asyncProperty(request, async ({ path, query, body, raw }) => {
          const search = new URLSearchParams(query as Record<string, string>).toString();
          await expectSame(search ? `${path}?${search}` : path, raw ?? JSON.stringify(body));
        }),
        { numRuns: RUNS },
      );
    },
    60_000,
  );

  it.each([false, true])(
    'a body past the cap is refused at the same point as before (chunked: %s)',
    async (chunked) => {
      const big = `[${'1,'.repeat(3 * 1024 * 1024)}1]`;
      const paths = [
        `/fabric/${CURRENT}/bulk/locations?field=uuid`,
        `/fabric/209912/bulk/locations?field=uuid`,
        `/fabricext/${CURRENT}/summarize?field=nope`,
      ];
      const statuses = [];
      for (const path of paths) statuses.push((await expectSame(path, big, chunked)).status);
      // The cap where the route reads the body; the vintage and field checks come first.
      expect(statuses).toEqual([413, 404, 400]);
    },
    30_000,
  );

  it('started one worker and said where it runs', () => {
    expect(workerLog.some((l) => /^worker 1 ready in \d+ ms \(thread \d+\)$/.test(l))).toBe(true);
    expect(heavy.pool.threads()).toHaveLength(1);
  });
});
