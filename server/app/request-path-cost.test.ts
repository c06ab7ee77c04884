// What serving a request must not cost, checked without timing anything: no promise hooks
// (an AsyncLocalStorage that has run puts one on every promise of the process) while either
// server answers requests of every kind, and no synchronous write of `npm start`'s log lines
// (Node's --trace-sync-io reports each, with stdout a file as under a process manager).
import { spawn } from 'node:child_process';
import { executionAsyncId } from 'node:async_hooks';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rawExchange } from './testing/raw-http';
import {
  startAppFrontDoor,
  startServiceFrontDoor,
  type FrontDoorServer,
} from './testing/front-door-servers';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** Node gives promise reactions an async id only while a promise hook is installed. */
function promiseHooksActive(): Promise<boolean> {
  return new Promise((done) => {
    setImmediate(() => void Promise.resolve().then(() => done(executionAsyncId() !== 0)));
  });
}

/** Requests of each kind: answered by a route, by the locate hot path, refused, broken. */
async function serveEveryKind(server: FrontDoorServer): Promise<void> {
  const get = (path: string) =>
    fetch(`${server.url}${server.base}${path}`, { headers: server.auth });
  expect((await get('/fabric/layers')).status).toBe(200);
  expect((await get('/fabricext/202506/locate?latitude=39.78&longitude=-89.65')).status).toBe(200);
  expect((await get('/no/such/operation')).status).toBe(404);
  const host = new URL(server.url).host;
  const odd = await rawExchange(server.url, `BREW / HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
  expect(odd.response?.status).toBe(405);
  const hostless = await rawExchange(server.url, 'GET /fabric/layers HTTP/1.1\r\n\r\n');
  expect(hostless.response?.status).toBe(400);
}

async function until(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('the cost of a request', () => {
  it('installs no promise hook in the app server or the standalone service', async () => {
    expect(await promiseHooksActive()).toBe(false);
    for (const start of [startAppFrontDoor, startServiceFrontDoor]) {
      const server = await start();
      try {
        await serveEveryKind(server);
        expect(server.logs.length).toBeGreaterThan(0);
      } finally {
        await server.close();
      }
      expect(await promiseHooksActive()).toBe(false);
    }
  });

  it('writes no log line of `npm start` synchronously', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'app-log-'));
    const out = join(dir, 'stdout.log');
    // A file, not a pipe: console.log would write it with fs.writeSync, which Node traces.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--trace-sync-io', 'server/app/main.ts'],
      {
        cwd: ROOT,
        env: { ...process.env, PORT: '0', SERVICE_URL: '', SERVICE_WORKERS: '0' },
        stdio: ['ignore', openSync(out, 'w'), 'pipe'],
      },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const logged = () => readFileSync(out, 'utf8');
    try {
      await until(() => /listening on http:\/\/\S+/.test(logged()), 'the app server to listen');
      const url = /listening on (http:\/\/\S+)/.exec(logged())![1]!;
      const layers = () => fetch(`${url}/api/fabric/layers`).then((res) => res.status);
      // The first request loads what the path needs (modules, files); from then on, nothing.
      expect(await layers()).toBe(200);
      await until(() => logged().includes('GET /api/fabric/layers 200'), 'the first access line');
      const before = stderr.length;
      for (let i = 0; i < 20; i++) expect(await layers()).toBe(200);
      await until(
        () => logged().split('GET /api/fabric/layers 200').length === 22,
        'twenty more access lines',
      );
      expect(stderr.slice(before)).not.toContain('Detected use of sync API');
    } finally {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
