// The embedded backend answers GET locate ahead of the service's app (fastGet), as the
// standalone service's hot path does: whatever it answers must be exactly what the service's
// app answers to the same request, every refusal must be left to that app, and the app server
// must really send locates that way, with its own headers on the answer.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '../config/server-env';
import { ENDPOINTS } from '../service/http-tests/endpoint-arbitraries';
import { createMemoryStore } from '../service/store/memory/memory-store';
import { buildFixtureFabric, fixtureLngLat } from '../service/testing/fixture-fabric';
import type { Backend } from './backend';
import { createEmbeddedBackend } from './embedded-backend';
import { createAppServer } from './create-app-server';
import { hostAllowlist } from './host-allowlist';
import { closeServer, createHttpServer, fetchListener, listen } from '../node-http/http-server';

const CURRENT = '202506';
const backend = createEmbeddedBackend(createMemoryStore(buildFixtureFabric()));

/** The service app's answer and fastGet's (null: left to the app) to one target. */
async function both(target: string) {
  const read = async (res: Response) => ({
    status: res.status,
    headers: [...res.headers].filter(([name]) => name !== 'date'),
    body: await res.text(),
  });
  const fast = await backend.fastGet!(target);
  const app = await backend.handle(new Request(`http://127.0.0.1${target}`));
  return { fast: fast && (await read(fast)), app: await read(app) };
}

describe('embedded locate ahead of the service app', () => {
  it('answers valid locates exactly as the service app does', async () => {
    let found = 0;
    for (let i = 0; i < 120; i++) {
      const [lng, lat] = fixtureLngLat((i * 37) % 3000, ((i * 53) % 3000) / 10);
      const target =
        `/fabricext/${CURRENT}/locate?latitude=${lat}&longitude=${lng}` +
        (i % 3 === 0 ? '&parceldistancem=100&neardistancem=80' : '') +
        (i % 4 === 0 ? `&sourcekey=${encodeURIComponent(`pt ${i}/é`)}` : '') +
        (i % 5 === 0 ? '&matchtype=Parcel%2CNearest' : '');
      const { fast, app } = await both(target);
      expect(fast, target).toEqual(app);
      expect(app.status, target).toBe(200);
      if (app.body !== '[]') found++;
    }
    expect(found).toBeGreaterThan(20);
  });

  it('leaves every refusal and every other operation to the service app', async () => {
    const ok = 'latitude=39.8&longitude=-89.65';
    for (const target of [
      `/fabricext/201001/locate?${ok}`,
      `/fabricext/%32%30%32%35%30%36/locate?${ok}`,
      `/fabricext/${CURRENT}/locate?latitude=95&longitude=-89.65`,
      `/fabricext/${CURRENT}/locate?longitude=-89.65`,
      `/fabricext/${CURRENT}/locate?${ok}&latitude=39.9`,
      `/fabricext/${CURRENT}/locate?${ok}&matchtype=Rooftop`,
      `/fabricext/${CURRENT}/locate?${ok}&sourcekey=a%E0%A4%A`,
      `/fabricext/${CURRENT}/locate/?${ok}`,
      `/fabricext/${CURRENT}/match?text=1`,
    ]) {
      expect(await backend.fastGet!(target), target).toBeNull();
    }
  });

  it('answers generated locate requests, valid and junk, as the service app does', async () => {
    const locate = ENDPOINTS.find((e) => e.name === 'locate')!;
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(locate.request, async ({ path, query }) => {
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const target = search ? `${path}?${search}` : path;
        const { fast, app } = await both(target);
        if (fast === null) return;
        answered++;
        expect(fast, target).toEqual(app);
      }),
      { numRuns: 200 },
    );
    expect(answered).toBeGreaterThan(0);
  });

  it('counts the locates it answers in getusage, as the service app would', async () => {
    const own = createEmbeddedBackend(createMemoryStore(buildFixtureFabric()));
    const target = `/fabricext/${CURRENT}/locate?latitude=39.80027&longitude=-89.64982`;
    expect((await own.fastGet!(target))?.status).toBe(200);
    expect((await own.fastGet!(target))?.status).toBe(200);
    const usage = await own.handle(new Request('http://127.0.0.1/accountcontrol/getusage'));
    expect(await usage.json()).toMatchObject({
      calls: 2,
      operations: [expect.objectContaining({ operation: 'locate', calls: 2 })],
    });
  });

  it('is how the app server answers /api locate, with its request id and headers', async () => {
    const targets: string[] = [];
    const spied: Backend = {
      ...backend,
      fastGet: (target) => {
        targets.push(target);
        return backend.fastGet!(target);
      },
    };
    let port = 0;
    const app = createAppServer({
      backend: spied,
      version: 'test',
      hosts: hostAllowlist({ port: () => port, bindHost: '127.0.0.1', extra: [] }),
    });
    const server = createHttpServer(
      fetchListener(app.fetch),
      parseServerEnv({}, { port: 0 }).limits,
    );
    port = await listen(server, 0, '127.0.0.1');
    try {
      const target = `/fabricext/${CURRENT}/locate?latitude=39.80027&longitude=-89.64982`;
      const res = await fetch(`http://127.0.0.1:${port}/api${target}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toBe((await both(target)).app.body);
      expect(targets).toEqual([target]);
    } finally {
      await closeServer(server);
    }
  });
});
