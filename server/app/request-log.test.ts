// The app server's log over a real port: a path cannot forge a line, a client hanging up
// mid-upload is one "aborted" line (no internal error, no stack), and every line a request
// causes carries the id sent back in X-Request-Id.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../service/store/memory/memory-store';
import { buildFixtureFabric } from '../service/testing/fixture-fabric';
import { escapeControl } from '../node-http/log-lines';
import { startAppServer, type RunningAppServer } from './start-app-server';
import { startFakeUpstream } from './testing/fake-upstream';
import { rawExchange } from './testing/raw-http';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).toReversed()) await r.close();
});

async function embedded(): Promise<{ app: RunningAppServer; logs: string[] }> {
  const logs: string[] = [];
  const app = await startAppServer({
    port: 0,
    distDir: '/nonexistent-dist',
    env: {},
    store: createMemoryStore(buildFixtureFabric()),
    log: (line) => logs.push(line),
  });
  running.push(app);
  return { app, logs };
}

async function upstreamMode(): Promise<{
  app: RunningAppServer;
  logs: string[];
  upstream: { close(): Promise<void> };
}> {
  const upstream = await startFakeUpstream();
  running.push(upstream);
  const logs: string[] = [];
  const app = await startAppServer({
    port: 0,
    distDir: '/nonexistent-dist',
    env: { SERVICE_URL: upstream.url, SERVICE_TOKEN: 'secret' },
    log: (line) => logs.push(line),
  });
  running.push(app);
  return { app, logs, upstream };
}

/** Starts a JSON upload announced at 100 kB, sends a little of it, then hangs up. */
async function abandonUpload(url: string, path: string): Promise<void> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => {});
  await new Promise((done) => socket.once('connect', done));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"location_id":[1000000001,`,
  );
  await new Promise((done) => setTimeout(done, 150));
  socket.destroy();
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe('request log', () => {
  it('escapes control characters, so a %0a in a path logs one line', async () => {
    const { app, logs } = await embedded();
    const { port } = new URL(app.url);
    const target = '/api/x%0aGET%20/api/forged%20200%201.0ms%0d%1b[31m';
    const { response } = await rawExchange(
      app.url,
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(response?.status).toBe(404);
    await until(() => logs.some((l) => l.includes('forged')));
    const lines = logs.flatMap((l) => l.split(/[\n\r\u2028\u2029]/));
    expect(lines.filter((l) => l.includes('forged'))).toHaveLength(1);
    expect(lines.some((l) => l.startsWith('GET /api/forged'))).toBe(false);
    // oxlint-disable-next-line no-control-regex -- no raw control character may reach a line
    expect(logs.join('')).not.toMatch(/[\u0000-\u001f]/);
    expect(logs.find((l) => l.includes('forged'))).toContain(
      String.raw`/api/x\nGET /api/forged 200 1.0ms\r\x1b[31m 404`,
    );
    expect(escapeControl('a\\n\u2028')).toBe(String.raw`a\\n\u2028`);
  });

  it('logs a client that hangs up mid-upload as one abort line, without an internal error', async () => {
    for (const { app, logs } of [await embedded(), await upstreamMode()]) {
      await abandonUpload(app.url, '/api/fabric/202506/bulk/locations?field=city');
      await until(() => logs.some((l) => l.includes('/bulk/')));
      await new Promise((done) => setTimeout(done, 200));
      expect(logs.filter((l) => l.includes('/bulk/'))).toEqual([
        expect.stringMatching(
          /^POST \/api\/fabric\/202506\/bulk\/locations aborted by the client after [\d.]+ms req=[\w-]+$/,
        ),
      ]);
      expect(logs.join('\n')).not.toMatch(/internal error|invalid_request|\n\s+at /);
    }
  });

  it('sends X-Request-Id and logs the same id, on the access line and on the lines the request causes', async () => {
    const { app, logs, upstream } = await upstreamMode();
    await upstream.close(); // every forwarded request now fails and logs why
    const res = await fetch(`${app.url}/api/fabric/layers`);
    expect(res.status).toBe(502);
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => logs.some((l) => l.startsWith('GET /api/fabric/layers 502')));
    const mine = logs.filter((l) => l.endsWith(` req=${id}`));
    expect(mine.some((l) => l.startsWith('GET /api/fabric/layers 502'))).toBe(true);
    expect(mine.some((l) => l.includes('unreachable'))).toBe(true);
    // The health answer asks the backend itself: what that logs carries the health request's id.
    const health = await fetch(`${app.url}/api/health`);
    const healthId = health.headers.get('x-request-id') ?? '';
    await until(() => logs.some((l) => l.startsWith('GET /api/health')));
    const asked = logs.filter((l) => /^upstream \w*vintages/i.test(l));
    expect(asked).toHaveLength(2);
    expect(asked.every((l) => l.endsWith(` req=${healthId}`))).toBe(true);

    // A short safe id from a proxy in front is kept; anything else is replaced.
    const kept = await fetch(`${app.url}/api/health`, {
      headers: { 'x-request-id': 'edge-42.a_b' },
    });
    expect(kept.headers.get('x-request-id')).toBe('edge-42.a_b');
    for (const bad of ['has space', 'x'.repeat(65), 'quote"', 'semi;colon']) {
      const res2 = await fetch(`${app.url}/api/health`, { headers: { 'x-request-id': bad } });
      expect(res2.headers.get('x-request-id'), bad).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Refusals at the socket carry one too.
    const { port } = new URL(app.url);
    const { response } = await rawExchange(
      app.url,
      `BREW / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    );
    const socketId = response?.headers['x-request-id'] ?? '';
    expect(socketId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.some((l) => l.endsWith(` req=${socketId}`))).toBe(true);
  });
});
