// The app server in upstream mode, over real HTTP, against an upstream that misbehaves in every
// way the hostile fixture knows: each case answers JSON with one of our codes, within a bounded
// time, with nothing of the upstream's internals in it, and the huge answers never sit in memory.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type RunningAppServer } from './start-app-server';
import { startFakeUpstream, type FakeUpstream } from './testing/fake-upstream';
import { LEAKS, type HostileBehaviour } from './testing/hostile-answers';

const TOKEN = 'secret-upstream-token';
const TIMEOUT_MS = 500;
const MAX_BYTES = 4 * 1024 * 1024;
const FIXED = '/api/coverage/bdcfixed?location_id=1000000001&vintage=202506';
const SUMMARIZE = '/api/fabricext/202506/summarize?field=unit_count';

let upstream: FakeUpstream;
let app: RunningAppServer;
const logs: string[] = [];
const figures: string[] = [];

async function startAgainst(fake: FakeUpstream): Promise<RunningAppServer> {
  return startAppServer({
    port: 0,
    distDir: '/nonexistent-dist',
    env: {
      SERVICE_URL: fake.url,
      SERVICE_TOKEN: TOKEN,
      UPSTREAM_MAX_BYTES: String(MAX_BYTES),
      APP_RATE_LIMIT: 'off',
    },
    log: (line) => logs.push(line),
    upstreamTimeoutMs: TIMEOUT_MS,
  });
}

beforeAll(async () => {
  upstream = await startFakeUpstream('/base');
  app = await startAgainst(upstream);
});
afterEach(() => {
  upstream.behaviour = null;
  upstream.hang = false;
});
afterAll(async () => {
  console.log(`hostile upstream figures:\n  ${figures.join('\n  ')}`);
  await app.close();
  await upstream.close();
});

interface Answer {
  status: number;
  headers: Headers;
  error: { code: string; message: string; details?: Record<string, unknown> };
  text: string;
  ms: number;
}

/** One request through the app server; the answer must be our JSON error body. */
async function call(base: string, path: string, post?: unknown): Promise<Answer> {
  const start = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: post === undefined ? 'GET' : 'POST',
    ...(post === undefined
      ? {}
      : { body: JSON.stringify(post), headers: { 'content-type': 'application/json' } }),
  });
  const text = await res.text();
  const ms = performance.now() - start;
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { error: Answer['error'] };
  expect(typeof body.error.code).toBe('string');
  return { status: res.status, headers: res.headers, error: body.error, text, ms };
}

/** Nothing of the upstream's internals (or the server's token) in the body or a header. */
function expectNoLeak(answer: Answer): void {
  const seen = `${answer.text}\n${[...answer.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}`;
  for (const leak of [...Object.values(LEAKS), 'hunter2', 'postgres', '/srv/', 'nginx', TOKEN])
    expect(seen).not.toContain(leak);
  expect(seen).not.toMatch(/\bat .+:\d+:\d+/);
}

const area = {
  type: 'Polygon',
  coordinates: [
    [
      [-89.7, 39.7],
      [-89.6, 39.7],
      [-89.6, 39.8],
      [-89.7, 39.7],
    ],
  ],
};

type Case = [HostileBehaviour | 'hang', status: number, code: string, message: RegExp];
const CASES: Case[] = [
  ['hang', 504, 'upstream_timeout', /did not answer within 500 ms/],
  ['slow-body', 504, 'upstream_timeout', /did not answer within 500 ms/],
  ['reset', 502, 'upstream_unavailable', /^the upstream answer broke off$/],
  ['garbage', 502, 'upstream_unavailable', /^upstream answered an invalid fixedCoverage answer$/],
  ['invalid-shape', 502, 'upstream_unavailable', /invalid fixedCoverage answer/],
  ['status-204', 502, 'upstream_unavailable', /unexpected status \(204\)/],
  ['status-304', 502, 'upstream_unavailable', /unexpected status \(304\)/],
  ['redirect', 502, 'upstream_unavailable', /unexpected status \(302\)/],
  ['status-999', 502, 'upstream_unavailable', /unexpected status \(999\)/],
  ['stack-500', 502, 'upstream_unavailable', /^the upstream service failed \(500\)$/],
  ['html-502', 502, 'upstream_unavailable', /^the upstream service failed \(502\)$/],
  ['refusal-400', 400, 'invalid_parameter', /^neardistancem must be at most 100$/],
];

describe('app server against a hostile upstream', () => {
  it.each(CASES)('%s → %i %s', async (behaviour, status, code, message) => {
    if (behaviour === 'hang') upstream.hang = true;
    else upstream.behaviour = behaviour;
    const before = upstream.seen.length;
    const answer = await call(app.url, FIXED);
    figures.push(`${behaviour}: ${answer.status} in ${answer.ms.toFixed(0)} ms`);
    expect([answer.status, answer.error.code]).toEqual([status, code]);
    expect(answer.error.message).toMatch(message);
    expectNoLeak(answer);
    expect(answer.ms).toBeLessThan(TIMEOUT_MS + 1500);
    // Nothing but a valid answer is cached: the same request goes upstream again.
    await call(app.url, FIXED);
    expect(upstream.seen.length).toBe(before + 2);
  });

  it('refuses a 200 that is not JSON on an operation whose shape is not checked', async () => {
    upstream.behaviour = 'garbage';
    const answer = await call(app.url, '/api/fabric/layers');
    expect([answer.status, answer.error.message]).toEqual([
      502,
      'upstream answered an invalid fabricLayers answer',
    ]);
    expect(logs.some((l) => l.includes('fabricLayers') && l.includes('not JSON'))).toBe(true);
  });

  it('keeps only the documented parameter detail of a refusal', async () => {
    upstream.behaviour = 'refusal-400';
    const answer = await call(app.url, FIXED);
    expect(answer.error.details).toEqual({ parameter: 'neardistancem' });
  });

  it("re-emits a 422 with maxcount_exceeded's counts", async () => {
    upstream.behaviour = 'maxcount-422';
    const answer = await call(app.url, SUMMARIZE, area);
    expect(answer.status).toBe(422);
    expect(answer.error).toMatchObject({
      code: 'maxcount_exceeded',
      details: { locationcount: 72000, maxcount: 50000 },
    });
  });

  it.each(['huge', 'huge-declared', 'gzip-bomb'] as const)(
    '%s: a 300 MB answer is cut at UPSTREAM_MAX_BYTES with a 502, never held whole',
    async (behaviour) => {
      upstream.behaviour = behaviour;
      upstream.stats.hugeBytesSent = 0;
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 10);
      const answer = await call(app.url, FIXED).finally(() => clearInterval(sampler));
      const growthMb = (rssPeak - rssBefore) / 2 ** 20;
      const sentMb = upstream.stats.hugeBytesSent / 2 ** 20;
      figures.push(
        `${behaviour}: ${answer.status} in ${answer.ms.toFixed(0)} ms, RSS +${growthMb.toFixed(1)} MB at peak, upstream produced ${sentMb.toFixed(1)} MB`,
      );
      expect([answer.status, answer.error.code]).toEqual([502, 'upstream_unavailable']);
      expect(answer.error.message).toBe(
        `the upstream answer is larger than ${MAX_BYTES} bytes (UPSTREAM_MAX_BYTES)`,
      );
      expect(answer.error.details).toEqual({ limit: MAX_BYTES });
      expect(answer.ms).toBeLessThan(3000);
      expect(growthMb).toBeLessThan(100);
      // The read stopped: the upstream was not made to produce its 300 MB.
      expect(sentMb).toBeLessThan(64);
    },
  );

  it('caches a valid coverage answer and serves it again without asking upstream', async () => {
    const path = '/api/coverage/bdcmobile?vintage=202506&h3_res9_id=892664c1a2bffff';
    const first = await fetch(`${app.url}${path}`);
    expect([first.status, first.headers.get('x-cache')]).toEqual([200, 'miss']);
    const before = upstream.seen.length;
    // The same parameters in another order are the same request.
    const second = await fetch(`${app.url}${path.replace(/\?(.*)&(.*)$/, '?$2&$1')}`);
    expect([second.status, second.headers.get('x-cache')]).toEqual([200, 'hit']);
    expect(await second.json()).toEqual(await first.json());
    expect(upstream.seen.length).toBe(before);
  });

  it('passes and caches coverage in the forms a real deployment sends (0.2 Mbps, ids as text)', async () => {
    upstream.behaviour = 'lenient-mobile';
    const path = '/api/coverage/bdcmobile?h3_res9_id=892664c1a2bffff&vintage=202412';
    const first = await fetch(`${app.url}${path}`);
    expect([first.status, first.headers.get('x-cache')]).toEqual([200, 'miss']);
    expect(await first.json()).toMatchObject([{ mindown: 0.2, providerid: '131425' }]);
    const second = await fetch(`${app.url}${path}`);
    expect(second.headers.get('x-cache')).toBe('hit');
  });

  it('refuses a parameter outside the contract before it reaches the upstream', async () => {
    const before = upstream.seen.length;
    const answer = await call(app.url, `${FIXED}&x=cache-buster`);
    expect([answer.status, answer.error.code, answer.error.details]).toEqual([
      400,
      'invalid_parameter',
      { parameter: 'x' },
    ]);
    expect(upstream.seen.length).toBe(before);
  });
});
