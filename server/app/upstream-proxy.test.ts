// The app server in upstream mode against a fake service on loopback: only docs/SERVICE.md
// operations pass, the server adds the token in the form each operation wants, and failures
// of the upstream become the service's JSON errors.
import { afterEach, describe, expect, it } from 'vitest';
import { startAppServer, type RunningAppServer } from './start-app-server';
import { startFakeUpstream, type FakeUpstream } from './testing/fake-upstream';

const TOKEN = 'secret-xyz';

interface Started {
  app: RunningAppServer;
  upstream: FakeUpstream;
  logs: string[];
}

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).toReversed()) await r.close();
});

async function start(
  env: Record<string, string> = {},
  upstreamTimeoutMs?: number,
): Promise<Started> {
  const upstream = await startFakeUpstream('/base');
  running.push(upstream);
  const logs: string[] = [];
  const app = await startAppServer({
    port: 0,
    distDir: '/nonexistent-dist',
    env: { SERVICE_URL: upstream.url, SERVICE_TOKEN: TOKEN, ...env },
    log: (line) => logs.push(line),
    ...(upstreamTimeoutMs ? { upstreamTimeoutMs } : {}),
  });
  running.push(app);
  return { app, upstream, logs };
}

async function json(res: Response): Promise<{ error?: { code: string; message: string } }> {
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  return (await res.json()) as { error?: { code: string; message: string } };
}

describe('upstream proxy', () => {
  it('sends Bearer on fabric operations and SERVICE_TOKEN_TYPE on coverage ones, under the base path', async () => {
    const { app, upstream } = await start({ SERVICE_TOKEN_TYPE: 'Token' });
    expect((await fetch(`${app.url}/api/fabric/vintages`)).status).toBe(200);
    expect(
      (await fetch(`${app.url}/api/fabricext/202506/locate?latitude=39.8&longitude=-89.6`)).status,
    ).toBe(200);
    expect((await fetch(`${app.url}/api/coverage/bdcfixed?location_id=1000000001`)).status).toBe(
      200,
    );
    expect(upstream.seen.map((r) => [r.path, r.headers.authorization])).toEqual([
      ['/fabric/vintages', `Bearer ${TOKEN}`],
      ['/fabricext/202506/locate', `Bearer ${TOKEN}`],
      ['/coverage/bdcfixed', `Token ${TOKEN}`],
    ]);
    expect(upstream.seen.every((r) => r.headers.apikey === undefined)).toBe(true);
  });

  it('sends the apikey header and no Authorization when SERVICE_AUTH=apikey', async () => {
    const { app, upstream } = await start({ SERVICE_AUTH: 'apikey' });
    await fetch(`${app.url}/api/fabric/layers`);
    await fetch(`${app.url}/api/coverage/vintages?type=bdc`);
    expect(upstream.seen).toHaveLength(2);
    for (const r of upstream.seen) {
      expect(r.headers.apikey).toBe(TOKEN);
      expect(r.headers.authorization).toBeUndefined();
    }
  });

  it("never forwards the browser's own credentials or cookies, and drops the upstream's cookies", async () => {
    const { app, upstream } = await start();
    const res = await fetch(`${app.url}/api/fabric/layers`, {
      headers: { authorization: 'Bearer from-browser', cookie: 'sid=1', apikey: 'browser-key' },
    });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(upstream.seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(upstream.seen[0]?.headers.cookie).toBeUndefined();
    expect(upstream.seen[0]?.headers.apikey).toBeUndefined();
  });

  it('refuses paths and methods that are not service operations with a JSON 404, forwarding nothing', async () => {
    const { app, upstream } = await start();
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['POST', '/api/fabric/vintages'],
      ['GET', '/api/fabric/2024/fields/locations'],
      ['GET', '/api/openapi.json'],
      ['DELETE', '/api/coverage/bdcfixed'],
      ['GET', '/api'],
    ] as const) {
      const res = await fetch(`${app.url}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await json(res)).error?.code).toBe('not_found');
    }
    expect(upstream.seen).toHaveLength(0);
  });

  it('re-encodes the query string from its parsed values', async () => {
    const { app, upstream } = await start();
    await fetch(
      `${app.url}/api/fabricext/202506/match?text=1201+Oak%20St%2C%20Springfield%20x%26y%3Dz&maxresults=2`,
    );
    const seen = upstream.seen[0];
    expect(seen?.query.getAll('text')).toEqual(['1201 Oak St, Springfield x&y=z']);
    expect(seen?.query.get('maxresults')).toBe('2');
  });

  it('answers 504 JSON when the upstream does not answer in time', async () => {
    const { app, upstream, logs } = await start({}, 300);
    upstream.hang = true;
    const res = await fetch(`${app.url}/api/fabric/layers`);
    expect(res.status).toBe(504);
    expect((await json(res)).error?.code).toBe('upstream_timeout');
    const line = `upstream fabricLayers at ${new URL(upstream.url).host}: no answer within 300 ms`;
    expect(logs.some((l) => l.startsWith(line))).toBe(true);
  });

  it('answers 502 JSON when the upstream is unreachable', async () => {
    const { app, upstream, logs } = await start();
    await upstream.close();
    const res = await fetch(`${app.url}/api/fabric/layers`);
    expect(res.status).toBe(502);
    expect((await json(res)).error?.code).toBe('upstream_unavailable');
    expect(
      logs.some((l) => l.includes('fabricLayers') && l.includes('unreachable (ECONNREFUSED)')),
    ).toBe(true);
  });

  it('refuses a body over 5 MiB with 413 before forwarding', async () => {
    const { app, upstream } = await start();
    const ids = Array.from({ length: 600_000 }, (_, i) => 1_000_000_000 + i); // ~6.6 MB of JSON
    const res = await fetch(`${app.url}/api/coverage/bdcfixed?vintage=202506`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ids),
    });
    expect(res.status).toBe(413);
    expect((await json(res)).error?.code).toBe('payload_too_large');
    expect(upstream.seen).toHaveLength(0);
  });

  it('answers a repeated coverage request from its cache, but forwards fabric ones each time', async () => {
    const { app, upstream } = await start();
    const first = await fetch(
      `${app.url}/api/coverage/bdcfixed?location_id=1000000007&vintage=202506`,
    );
    const second = await fetch(
      `${app.url}/api/coverage/bdcfixed?location_id=1000000007&vintage=202506`,
    );
    expect(await second.json()).toEqual(await first.json());
    expect(second.headers.get('x-cache')).toBe('hit');
    await fetch(`${app.url}/api/coverage/bdcfixed?location_id=1000000008&vintage=202506`);
    await fetch(`${app.url}/api/fabric/layers`);
    await fetch(`${app.url}/api/fabric/layers`);
    expect(upstream.seen.map((r) => `${r.path}?${r.query.toString()}`)).toEqual([
      '/coverage/bdcfixed?location_id=1000000007&vintage=202506',
      '/coverage/bdcfixed?location_id=1000000008&vintage=202506',
      '/fabric/layers?',
      '/fabric/layers?',
    ]);
  });

  it('names the upstream host in /api/health with its vintages', async () => {
    const { app, upstream } = await start();
    const res = await fetch(`${app.url}/api/health`);
    const host = new URL(upstream.url).host;
    expect(await res.json()).toMatchObject({
      backend: host,
      label: host,
      // The real service publishes none of this project's own views.
      capabilities: {
        data: { kind: 'upstream', host },
        views: {
          fabricTiles: false,
          fixedTiles: false,
          changeTiles: false,
          report: false,
          places: false,
          count: false,
        },
      },
      fabricVintages: [{ vintage: '202506' }],
      coverageVintages: ['202412', '202506'],
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });
});
