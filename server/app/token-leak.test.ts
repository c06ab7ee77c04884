// The upstream token belongs to the server alone: it must reach no browser (no built asset,
// no /api answer, body or header) and no log line.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAppServer } from './start-app-server';
import { startFakeUpstream } from './testing/fake-upstream';

const TOKEN = 'secret-xyz';
// The app server refuses POST bodies of any other type before they reach the upstream.
const JSON_BODY = { 'content-type': 'application/json' };
const ROOT = resolve(import.meta.dirname, '..', '..');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const cleanup: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const step of cleanup.splice(0).toReversed()) await step();
});

describe('the upstream token', () => {
  it('appears in no /api answer (body or header) and no log line', async () => {
    const upstream = await startFakeUpstream();
    cleanup.push(() => upstream.close());
    const logs: string[] = [];
    for (const auth of ['bearer', 'apikey']) {
      const app = await startAppServer({
        port: 0,
        distDir: '/nonexistent-dist',
        env: { SERVICE_URL: upstream.url, SERVICE_TOKEN: TOKEN, SERVICE_AUTH: auth },
        log: (line) => logs.push(line),
        upstreamTimeoutMs: 300,
      });
      const requests: Array<[string, RequestInit?]> = [
        ['/api/health'],
        ['/api/fabric/vintages'],
        ['/api/fabricext/202506/locate?latitude=39.8&longitude=-89.6'],
        ['/api/coverage/bdcfixed?location_id=1000000001'],
        ['/api/coverage/bdcfixed?location_id=1000000001'], // cached answer
        [
          '/api/coverage/bdcmobile?vintage=202506',
          { method: 'POST', headers: JSON_BODY, body: '["89264ad1a4bffff"]' },
        ],
        ['/api/not-an-operation'],
        ['/api/fabric/vintages', { method: 'POST', headers: JSON_BODY, body: '{}' }],
        ['/'],
      ];
      for (const [path, init] of requests) {
        const res = await fetch(`${app.url}${path}`, init);
        const text = await res.text();
        expect(text, path).not.toContain(TOKEN);
        for (const [name, value] of res.headers)
          expect(`${name}: ${value}`, path).not.toContain(TOKEN);
      }
      upstream.hang = true;
      const timedOut = await fetch(`${app.url}/api/fabric/layers`);
      expect(timedOut.status).toBe(504);
      expect(await timedOut.text()).not.toContain(TOKEN);
      upstream.hang = false;
      await app.close();
    }
    // The server did forward it: the check above is about where it must not go.
    expect(upstream.seen.some((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(upstream.seen.some((r) => r.headers.apikey === TOKEN)).toBe(true);
    expect(logs.length).toBeGreaterThan(10);
    for (const line of logs) expect(line).not.toContain(TOKEN);
  });

  it('is read by no browser code: src/ never names the server-side variables', async () => {
    const sources = (await filesUnder(join(ROOT, 'src'))).filter((f) =>
      /\.(ts|tsx|js|css|html)$/.test(f),
    );
    expect(sources.length).toBeGreaterThan(10);
    for (const file of sources) {
      const text = await readFile(file, 'utf8');
      expect(text, file).not.toMatch(/SERVICE_TOKEN|process\.env/);
    }
  });

  it('is in no built asset, even when set in the environment of the build', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'app-build-'));
    cleanup.push(() => rm(outDir, { recursive: true, force: true }));
    const { build } = await import('vite');
    const before = process.env.SERVICE_TOKEN;
    process.env.SERVICE_TOKEN = TOKEN;
    try {
      await build({
        root: ROOT,
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true, sourcemap: true },
      });
    } finally {
      if (before === undefined) delete process.env.SERVICE_TOKEN;
      else process.env.SERVICE_TOKEN = before;
    }
    const built = await filesUnder(outDir);
    expect(built.some((f) => f.endsWith('index.html'))).toBe(true);
    for (const file of built) {
      const text = (await readFile(file)).toString('latin1');
      expect(text, file).not.toContain(TOKEN);
      expect(text, file).not.toContain('SERVICE_TOKEN');
    }
  }, 180_000);
});
