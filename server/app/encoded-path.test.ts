// One rule for a percent-encoded vintage (or layer) on every server that answers service paths:
// the standalone service (locate hot path included), the app server's embedded service and its
// upstream allowlist all refuse `%32%30%32%35%30%36` with the same 400 naming the plain form,
// and the upstream is never asked.
import { afterEach, describe, expect, it } from 'vitest';
import { startAppServer } from './start-app-server';
import { startFakeUpstream } from './testing/fake-upstream';
import { startAppFrontDoor, startServiceFrontDoor } from './testing/front-door-servers';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).toReversed()) await r.close();
});

const ENCODED_VINTAGE = '%32%30%32%35%30%36';
const LOCATE = '/fabricext/{v}/locate?latitude=39.8&longitude=-89.65';
const FIELDS = '/fabric/{v}/fields/locations';

interface Server {
  url: string;
  base: string;
  auth: Record<string, string>;
}

async function upstreamMode(): Promise<Server & { asked: () => number }> {
  const upstream = await startFakeUpstream();
  running.push(upstream);
  const app = await startAppServer({
    port: 0,
    distDir: '/nonexistent-dist',
    env: { SERVICE_URL: upstream.url, SERVICE_TOKEN: 'secret' },
    log: () => {},
  });
  running.push(app);
  return { url: app.url, base: '/api', auth: {}, asked: () => upstream.seen.length };
}

async function get(server: Server, path: string, v: string) {
  const res = await fetch(`${server.url}${server.base}${path.replace('{v}', v)}`, {
    headers: server.auth,
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
}

describe('a percent-encoded vintage', () => {
  it('is the same 400 on the standalone service, the embedded service and the upstream allowlist', async () => {
    const service = await startServiceFrontDoor();
    running.push(service);
    const embedded = await startAppFrontDoor();
    running.push(embedded);
    const upstream = await upstreamMode();

    const bodies = new Set<string>();
    for (const server of [service, embedded, upstream]) {
      for (const path of [LOCATE, FIELDS]) {
        expect((await get(server, path, '202506')).status).toBe(200);
        const refused = await get(server, path, ENCODED_VINTAGE);
        expect(refused.status, `${server.base} ${path}`).toBe(400);
        expect(refused.body).toMatchObject({
          error: {
            code: 'invalid_parameter',
            message: expect.stringContaining('send it as "202506"') as string,
            details: { parameter: 'path', segment: ENCODED_VINTAGE },
          },
        });
        bodies.add(`${path} ${JSON.stringify(refused.body)}`);
      }
    }
    // One message per path, whichever server answered.
    expect(bodies.size).toBe(2);
    // Only the two plain requests reached the upstream.
    expect(upstream.asked()).toBe(2);
  });

  it('refuses an encoded layer name too, and leaves other encoded bytes to the usual 404', async () => {
    const service = await startServiceFrontDoor();
    running.push(service);
    const upstream = await upstreamMode();
    for (const server of [service, upstream]) {
      const layer = await get(server, '/fabric/{v}/fields/%6Cocations', '202506');
      expect(layer.status).toBe(400);
      expect(layer.body.error?.code).toBe('invalid_parameter');
      const other = await get(server, '/fabric/vint%20ages', '202506');
      expect(other.status).toBe(404);
    }
  });
});
