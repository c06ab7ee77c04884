// SERVICE_DIALECT reaches the reference service however it runs: embedded in the app server
// (`npm start`, `npm run dev`) and standalone (`npm run service`); a bad value stops the start
// with a message naming the allowed values.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../service/store/memory/memory-store';
import { buildFixtureFabric } from '../service/testing/fixture-fabric';
import { backendFromEnv } from './start-app-server';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const store = createMemoryStore(buildFixtureFabric());

async function layersFrom(env: NodeJS.ProcessEnv): Promise<unknown> {
  const backend = await backendFromEnv(env, () => {}, { store });
  const res = await backend.handle(new Request('http://127.0.0.1/fabric/layers'));
  return res.json();
}

describe('SERVICE_DIALECT', () => {
  it('shapes the embedded service: both by default, one set of names when asked', async () => {
    const objects = [
      { layername: 'locations' },
      { layername: 'parcels' },
      { layername: 'footprints' },
    ];
    expect(await layersFrom({})).toEqual(objects);
    expect(await layersFrom({ SERVICE_DIALECT: 'published' })).toEqual(objects);
    expect(await layersFrom({ SERVICE_DIALECT: 'seed' })).toEqual([
      'locations',
      'parcels',
      'footprints',
    ]);
  });

  it('refuses a bad value before the app server starts', async () => {
    await expect(
      backendFromEnv({ SERVICE_DIALECT: 'legacy' }, () => {}, { store }),
    ).rejects.toThrow('SERVICE_DIALECT must be one of published, seed, both');
  });

  it('stops `npm run service` on a bad value, naming the allowed values', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/service/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, SERVICE_DIALECT: 'legacy', SERVICE_TOKENS: 'a-token', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Were the value ignored, the service would start and listen: stop it then.
    const timer = setTimeout(() => child.kill(), 20_000);
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    clearTimeout(timer);
    expect(code).toBe(1);
    expect(stderr).toContain('SERVICE_DIALECT must be one of published, seed, both, got "legacy"');
  }, 30_000);
});
