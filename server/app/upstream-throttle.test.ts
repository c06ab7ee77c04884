// Over real HTTP in upstream mode: a down upstream, an upstream that says 429 (its Retry-After
// kept, sanitised, and honoured here so the shared token is not hammered), and the per-client
// budget that keeps one browser from spending the token's quota for everyone.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../service/store/memory/memory-store';
import { buildFixtureFabric } from '../service/testing/fixture-fabric';
import { startAppServer, type RunningAppServer } from './start-app-server';
import { startFakeUpstream } from './testing/fake-upstream';

const LAYERS = '/api/fabric/layers';
const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).toReversed()) await r.close();
});

async function start(env: Record<string, string> = {}) {
  const upstream = await startFakeUpstream();
  running.push(upstream);
  const logs: string[] = [];
  const app = await startAppServer({
    port: 0,
    distDir: '/nonexistent-dist',
    env: { SERVICE_URL: upstream.url, SERVICE_TOKEN: 't', APP_RATE_LIMIT: 'off', ...env },
    log: (line) => logs.push(line),
    upstreamTimeoutMs: 500,
  });
  running.push(app);
  return { app, upstream, logs };
}

interface Got {
  status: number;
  retryAfter: string | undefined;
  body: { error?: { code: string; message: string; details?: unknown } };
}

/** A GET from a chosen loopback source address (each one a different client). */
function get(app: RunningAppServer, path: string, from = '127.0.0.1'): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request(`${app.url}${path}`, { localAddress: from }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const retry = res.headers['retry-after'];
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: Array.isArray(retry) ? retry[0] : retry,
          body: JSON.parse(text) as Got['body'],
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('upstream throttling', () => {
  it('answers 502 JSON at once when the upstream is down, and logs the cause', async () => {
    const { app, upstream, logs } = await start();
    await upstream.close();
    const t = performance.now();
    const got = await get(app, LAYERS);
    expect(performance.now() - t).toBeLessThan(1000);
    expect([got.status, got.body.error?.code]).toEqual([502, 'upstream_unavailable']);
    expect(logs.some((l) => l.includes('fabricLayers') && l.includes('ECONNREFUSED'))).toBe(true);
  });

  it("keeps an upstream 429's Retry-After and answers further calls itself until it passes", async () => {
    const { app, upstream } = await start();
    upstream.behaviour = 'rate-limited';
    const first = await get(app, LAYERS);
    expect([first.status, first.retryAfter, first.body.error]).toEqual([
      429,
      '17',
      {
        code: 'rate_limited',
        message: "the upstream service's rate limit is reached; retry after 17 s",
        details: { retryAfter: 17 },
      },
    ]);
    upstream.behaviour = null;
    const second = await get(app, LAYERS);
    expect(second.status).toBe(429);
    expect(Number(second.retryAfter)).toBeGreaterThanOrEqual(16);
    expect(Number(second.retryAfter)).toBeLessThanOrEqual(17);
    expect(upstream.seen).toHaveLength(1);
  });

  it('replaces a malformed upstream Retry-After with whole seconds', async () => {
    const { app, upstream } = await start();
    upstream.behaviour = 'rate-limited-date';
    const got = await get(app, LAYERS);
    expect([got.status, got.retryAfter]).toEqual([429, '30']);
  });

  it('holds each client address to APP_RATE_LIMIT a minute, with 429 JSON and Retry-After', async () => {
    const { app, upstream } = await start({ APP_RATE_LIMIT: '5' });
    for (let i = 0; i < 5; i++) expect((await get(app, LAYERS)).status).toBe(200);
    const refused = await get(app, LAYERS);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('rate_limited');
    expect(refused.body.error?.message).toMatch(
      /^more than 5 requests per minute from this client \(APP_RATE_LIMIT\); retry after \d+ s$/,
    );
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(70);
    // Refused requests never reach the upstream; another client still has its own budget.
    expect(upstream.seen).toHaveLength(5);
    expect((await get(app, LAYERS, '127.0.0.2')).status).toBe(200);
  });

  it('limits clients by default in upstream mode', async () => {
    const { app } = await start({ APP_RATE_LIMIT: '' });
    const statuses: number[] = [];
    // Batches of 25: below the connections one address may hold (MAX_CONNECTIONS_PER_ADDRESS,
    // 32), which would otherwise refuse some with 429 too_many_connections on a slow machine.
    for (let i = 0; i < 601; i += 25) {
      const batch = Array.from({ length: Math.min(25, 601 - i) }, () => get(app, LAYERS));
      statuses.push(...(await Promise.all(batch)).map((g) => g.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(600);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});

describe('per-client limit in embedded mode', () => {
  async function embedded(env: Record<string, string>) {
    const app = await startAppServer({
      port: 0,
      distDir: '/nonexistent-dist',
      env,
      store: createMemoryStore(buildFixtureFabric()),
      log: () => undefined,
    });
    running.push(app);
    return app;
  }

  it('applies APP_RATE_LIMIT when it is set', async () => {
    const app = await embedded({ APP_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(app, LAYERS)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('has no limit by default (the demo map fetches its tiles through /api)', async () => {
    const app = await embedded({});
    const statuses: number[] = [];
    // Batches of 25, below the connections one address may hold (see above).
    for (let i = 0; i < 700; i += 25) {
      const batch = await Promise.all(Array.from({ length: 25 }, () => get(app, LAYERS)));
      statuses.push(...batch.map((g) => g.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
