// The app server with the embedded reference service (the default): health, service paths
// under /api (bodies included), the built app with its client-route fallback, and security
// headers on pages and /api alike.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../service/store/memory/memory-store';
import { buildFixtureFabric } from '../service/testing/fixture-fabric';
import { startAppServer, type RunningAppServer } from './start-app-server';

let app: RunningAppServer;
let distDir: string;
const logs: string[] = [];

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'app-dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(
    join(distDir, 'index.html'),
    '<!doctype html><title>Coverage Explorer</title><div id="root"></div>',
  );
  await writeFile(join(distDir, 'assets', 'main-abc123.js'), 'console.log("app")');
  app = await startAppServer({
    port: 0,
    distDir,
    env: {},
    store: createMemoryStore(buildFixtureFabric()),
    log: (line) => logs.push(line),
  });
});

afterAll(async () => {
  await app.close();
  await rm(distDir, { recursive: true, force: true });
});

function expectSecurityHeaders(res: Response): void {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/worker-src [^;]*blob:/);
  expect(csp).toMatch(/img-src [^;]*data: blob:/);
  expect(csp).not.toContain('unsafe-eval');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
}

describe('app server, embedded backend', () => {
  it('says in /api/health that the demo data answers, with both vintage lists', async () => {
    const res = await fetch(`${app.url}/api/health`);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
    const health = (await res.json()) as Record<string, unknown>;
    expect(health).toMatchObject({
      backend: 'embedded',
      label: 'Demo data (synthetic)',
      capabilities: {
        data: { kind: 'demo' },
        views: {
          fabricTiles: true,
          fixedTiles: true,
          changeTiles: true,
          report: true,
          places: true,
          count: true,
        },
      },
    });
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
    const fabric = health.fabricVintages as Array<{ vintage: string }>;
    expect(fabric.map((v) => v.vintage)).toEqual([
      '202306',
      '202312',
      '202406',
      '202412',
      '202506',
    ]);
    expect(health.coverageVintages).toEqual(['202306', '202312', '202406', '202412', '202506']);
  });

  it('answers service paths under /api, the same as the service does at its root', async () => {
    const get = await fetch(`${app.url}/api/fabric/202506/data/locations?location_id=1000000001`);
    expect(get.status).toBe(200);
    expectSecurityHeaders(get);
    expect(await get.json()).toMatchObject([{ location_id: 1000000001 }]);

    // A POST body travels through the mount.
    const post = await fetch(`${app.url}/api/fabric/202506/bulk/locations?field=unit_count`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ location_id: [1000000001, 1000000013] }),
    });
    expect(post.status).toBe(200);
    const rows = (await post.json()) as Array<{ location_id: number; unit_count: number }>;
    expect(rows.map((r) => [r.location_id, r.unit_count])).toEqual([
      [1000000001, 1],
      [1000000013, 3],
    ]);
  });

  it('answers unknown /api paths with a JSON 404, never the app page', async () => {
    for (const path of ['/api/nothing/here', '/api', '/api/fabric/202506/nope']) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/application\/json/);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
      expectSecurityHeaders(res);
    }
  });

  it('serves the built app, with index.html for client routes and 404 for missing assets', async () => {
    const home = await fetch(`${app.url}/`);
    expect(home.status).toBe(200);
    expectSecurityHeaders(home);
    expect(await home.text()).toContain('Coverage Explorer');

    const route = await fetch(`${app.url}/areas/saved`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');

    const asset = await fetch(`${app.url}/assets/main-abc123.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expectSecurityHeaders(asset);

    expect((await fetch(`${app.url}/assets/missing.js`)).status).toBe(404);
    // An escaped path out of dist/ is not a file there: it gets the app page, never the file.
    const escape = await fetch(`${app.url}/..%2f..%2f..%2fetc/passwd`);
    expect(await escape.text()).not.toContain('root:');
    expect((await fetch(`${app.url}/..%2f..%2fetc/hosts.txt`)).status).toBe(404);
  });

  it('logs one line per request without its query string', async () => {
    await fetch(`${app.url}/api/fabricext/202506/match?text=100%20Oak%20St`);
    const line = logs.find((l) => l.includes('/api/fabricext/202506/match'));
    expect(line).toMatch(/^GET \/api\/fabricext\/202506\/match \d{3} [\d.]+ms req=[\w-]+$/);
    expect(logs.join('\n')).not.toContain('Oak');
  });
});
