// The standalone service answers locate on a hot path before Hono (http/locate-fast-path.ts).
// Over real HTTP, that service and the Hono-only service must give byte-identical answers to
// the same requests, valid and invalid, and the hot path must really answer the valid ones.
import * as fc from 'fast-check';
import { latLngToCell } from 'h3-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../store/memory/memory-store';
import type { Store } from '../store/store';
import { FIXTURE_POINTS, buildFixtureFabric, fixtureLngLat } from '../testing/fixture-fabric';
import { ENDPOINTS } from './endpoint-arbitraries';
import { CURRENT, TOKEN, call, startService, type RunningService } from './harness';

let honoOnly: RunningService;
let withFastPath: RunningService;
beforeAll(async () => {
  honoOnly = await startService();
  withFastPath = await startService({}, { locateFastPath: true });
});
afterAll(async () => {
  expect(honoOnly.logged).toEqual([]);
  expect(withFastPath.logged).toEqual([]);
  await Promise.all([honoOnly.close(), withFastPath.close()]);
});

const BEARER = { Authorization: `Bearer ${TOKEN}` };

async function answer(base: string, path: string, headers: Record<string, string>) {
  const res = await fetch(base + path, { headers });
  return {
    status: res.status,
    // Every header but the date, in order: the security headers included.
    headers: [...res.headers].filter(([name]) => name !== 'date'),
    body: await res.text(),
  };
}

async function expectSameAnswer(path: string, headers: Record<string, string> = BEARER) {
  const [expected, actual] = await Promise.all([
    answer(honoOnly.url, path, headers),
    answer(withFastPath.url, path, headers),
  ]);
  expect(actual, path).toEqual(expected);
  return actual;
}

/** Points around the fixture: every locate situation, near misses and empty ground. */
function samplePoints(count: number): [number, number][] {
  const points: [number, number][] = [];
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 3200 - 100;
  for (let i = 0; i < count; i++) points.push(fixtureLngLat(next(), next() / 10));
  return points;
}

describe('locate hot path', () => {
  it('answers valid requests itself, exactly as Hono would', async () => {
    const before = withFastPath.fastPath!.handled;
    const paths = [
      ...Object.values(FIXTURE_POINTS).map((p) => {
        const [lng, lat] = fixtureLngLat(p.x, p.y);
        const q = new URLSearchParams({ latitude: String(lat), longitude: String(lng) });
        if (p.parceldistancem !== undefined) q.set('parceldistancem', String(p.parceldistancem));
        if (p.neardistancem !== undefined) q.set('neardistancem', String(p.neardistancem));
        return `/fabricext/${p.vintage ?? CURRENT}/locate?${q}`;
      }),
      // The real clients' parameters in turn: sourcekey, matchtype, h3 and the tolerances.
      ...samplePoints(150).map(
        ([lng, lat], i) =>
          `/fabricext/${CURRENT}/locate?latitude=${lat}&longitude=${lng}` +
          (i % 3 === 0 ? '&parceldistancem=100&neardistancem=80' : '') +
          (i % 5 === 0 ? '&unknown=1' : '') +
          (i % 2 === 0 ? `&sourcekey=${encodeURIComponent(`pt ${i}/é`)}` : '') +
          (i % 7 === 0
            ? '&matchtype=Parcel%2CNearest'
            : i % 7 === 1
              ? '&matchtype=footprint'
              : '') +
          (i % 4 === 0 ? `&h3=${latLngToCell(lat, lng, 4 + (i % 3) * 4)}` : '') +
          (i % 6 === 0 ? '&parceltolerancem=10&footprinttolerancem=5' : ''),
      ),
    ];
    let found = 0;
    for (const path of paths) {
      const res = await expectSameAnswer(path);
      expect(res.status, `${path} ${res.body}`).toBe(200);
      if (res.body !== '[]') found++;
    }
    expect(found).toBeGreaterThan(20);
    expect(withFastPath.fastPath!.handled - before).toBe(paths.length);
  });

  it('accepts the apikey header and a lower-case scheme like Hono does', async () => {
    const path = `/fabricext/${CURRENT}/locate?latitude=39.8001&longitude=-89.6499`;
    await expectSameAnswer(path, { apikey: TOKEN });
    await expectSameAnswer(path, { Authorization: `bearer ${TOKEN}` });
  });

  it('leaves every refusal to Hono, so error bodies are the same', async () => {
    const before = withFastPath.fastPath!.handled;
    const ok = 'latitude=39.8&longitude=-89.65';
    const cases: [string, Record<string, string>][] = [
      [`/fabricext/${CURRENT}/locate?${ok}`, {}],
      [`/fabricext/${CURRENT}/locate?${ok}`, { Authorization: 'Bearer wrong' }],
      [`/fabricext/${CURRENT}/locate?${ok}`, { Authorization: `Basic ${TOKEN}` }],
      [`/fabricext/201001/locate?${ok}`, BEARER],
      [`/fabricext/2025-06/locate?${ok}`, BEARER],
      [`/fabricext/%E0%A4%A/locate?${ok}`, BEARER],
      [`/fabricext/${CURRENT}/locate?latitude=95&longitude=-89.65`, BEARER],
      [`/fabricext/${CURRENT}/locate?latitude=abc&longitude=-89.65`, BEARER],
      [`/fabricext/${CURRENT}/locate?longitude=-89.65`, BEARER],
      [`/fabricext/${CURRENT}/locate?${ok}&latitude=39.9`, BEARER],
      [`/fabricext/${CURRENT}/locate?${ok}&parceldistancem=100000`, BEARER],
      [`/fabricext/${CURRENT}/locate/?${ok}`, BEARER],
      [`/fabricext/${CURRENT}/locate?${ok}&matchtype=Rooftop`, BEARER],
      [`/fabricext/${CURRENT}/locate?${ok}&matchtype=`, BEARER],
      [`/fabricext/${CURRENT}/locate?${ok}&h3=${latLngToCell(-89.65, 39.8, 4)}`, BEARER],
      [`/fabricext/${CURRENT}/locate?${ok}&h3=zzz`, BEARER],
      [`/fabricext/${CURRENT}/locate?latitude=39.8&longitude=1e308&h3=842664dffffffff`, BEARER],
      [`/fabricext/${CURRENT}/locate?${ok}&parceltolerancem=101`, BEARER],
      [`/fabricext/${CURRENT}/locate?${ok}&sourcekey=${'k'.repeat(256)}`, BEARER],
      [`/fabricext/${CURRENT}/locate?${ok}&sourcekey=a&sourcekey=b`, BEARER],
    ];
    for (const [path, headers] of cases) {
      const res = await expectSameAnswer(path, headers);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
    }
    expect(withFastPath.fastPath!.handled).toBe(before);
  });

  it('leaves a sourcekey with a malformed %-sequence to Hono, which echoes it as it decodes it', async () => {
    const before = withFastPath.fastPath!.handled;
    const ok = 'latitude=39.80027&longitude=-89.64982';
    for (const key of ['a%E0%A4%A', '%FF', '%EF%BF%BD', 'x%C3']) {
      const res = await expectSameAnswer(`/fabricext/${CURRENT}/locate?${ok}&sourcekey=${key}`);
      expect(res.status).toBe(200);
    }
    expect(withFastPath.fastPath!.handled).toBe(before);
  });

  it('passes a request to Hono when answering it throws, instead of dropping it', async () => {
    const store = createMemoryStore(buildFixtureFabric());
    let calls = 0;
    const once: Store = {
      ...store,
      locate: async (...args) => {
        if (calls++ === 0) throw new Error('the first locate fails');
        return store.locate(...args);
      },
    };
    const svc = await startService({ store: once }, { locateFastPath: true });
    try {
      const res = await call(
        svc.url,
        `/fabricext/${CURRENT}/locate?latitude=39.80027&longitude=-89.64982`,
      );
      expect([res.status, calls, svc.fastPath!.handled]).toEqual([200, 2, 0]);
    } finally {
      await svc.close();
    }
  });

  it('answers generated locate requests, valid and junk, exactly as Hono would', async () => {
    const locate = ENDPOINTS.find((e) => e.name === 'locate')!;
    const before = withFastPath.fastPath!.handled;
    let ok = 0;
    await fc.assert(
      fc.asyncProperty(locate.request, async ({ path, query }) => {
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const res = await expectSameAnswer(search ? `${path}?${search}` : path);
        if (res.status === 200) ok++;
      }),
      { numRuns: 200 },
    );
    // Both kinds were generated, and the hot path answered exactly the successful ones.
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThan(200);
    expect(withFastPath.fastPath!.handled - before).toBe(ok);
  });
});
