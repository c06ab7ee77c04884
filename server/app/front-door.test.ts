// The app server's front door over a real port: only its own Host names are answered (DNS
// rebinding), other sites' requests and non-JSON POST bodies never reach /api, odd methods get
// a JSON 405, and nothing answers text/plain.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../service/store/memory/memory-store';
import { buildFixtureFabric } from '../service/testing/fixture-fabric';
import { startAppServer, type RunningAppServer } from './start-app-server';
import { jsonErrorOf, rawExchange, type RawResponse } from './testing/raw-http';

let app: RunningAppServer;
let port: string;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'front-door-'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  app = await startAppServer({
    port: 0,
    distDir,
    env: { ALLOWED_HOSTS: 'maps.example.org,lan-box:8080' },
    store: createMemoryStore(buildFixtureFabric()),
    log: () => {},
  });
  port = new URL(app.url).port;
});

afterAll(async () => {
  await app.close();
  await rm(distDir, { recursive: true, force: true });
});

/** One request with exactly these head lines (Host included only when given). */
async function send(
  method: string,
  target: string,
  headers: Record<string, string>,
  body = '',
): Promise<RawResponse> {
  const lines = Object.entries({ ...headers, Connection: 'close' }).map(([k, v]) => `${k}: ${v}`);
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  const head = `${method} ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
  const { response, raw } = await rawExchange(app.url, head + body, { head: method === 'HEAD' });
  if (!response) throw new Error(`no answer to ${method} ${target}: ${JSON.stringify(raw)}`);
  return response;
}

const own = () => ({ Host: `127.0.0.1:${port}` });
const summarize = '/api/fabricext/202506/summarize?field=unit_count';

describe('Host allowlist', () => {
  it('answers the loopback names on its own port, HOST and ALLOWED_HOSTS entries', async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      `[::1]:${port}`,
      'maps.example.org',
      'maps.example.org:443',
      'lan-box:8080',
    ]) {
      expect((await send('GET', '/api/health', { Host: host })).status, host).toBe(200);
    }
  });

  it('refuses a rebinding name, a loopback name on another port and an absolute-form target', async () => {
    const cases: Array<[string, string]> = [
      [`attacker.example:${port}`, '/api/health'],
      [`localhost:${Number(port) + 1}`, '/api/health'],
      ['lan-box:9090', '/api/health'],
      [`127.0.0.1:${port}`, `http://attacker.example:${port}/api/health`],
      [`attacker.example:${port}`, '/'],
    ];
    for (const [host, target] of cases) {
      const res = await send('GET', target, { Host: host });
      expect(res.status, `${host} ${target}`).toBe(403);
      const error = jsonErrorOf(res);
      expect(error.code).toBe('host_not_allowed');
      expect(error.message).toContain('ALLOWED_HOSTS');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('refuses a request with no Host at all with a JSON 400', async () => {
    const res = await send('GET', '/api/health', {});
    expect(res.status).toBe(400);
    expect(jsonErrorOf(res).message).toMatch(/host/i);
  });

  // A number past 32 bits is an IPv4 address no URL can hold (the wire fuzz found it as a 500).
  it('refuses a Host no URL can hold with a JSON 400, not a 500', async () => {
    for (const host of ['4294967296', '256.1.1.1']) {
      const res = await send('GET', '/api/health', { Host: host });
      expect(res.status, host).toBe(400);
      expect(jsonErrorOf(res), host).toMatchObject({ code: 'invalid_request' });
    }
  });
});

describe('cross-site requests on /api', () => {
  it('refuses Sec-Fetch-Site: cross-site on /api, not on pages (links from other sites work)', async () => {
    const api = await send('GET', '/api/health', { ...own(), 'Sec-Fetch-Site': 'cross-site' });
    expect(api.status).toBe(403);
    expect(jsonErrorOf(api)).toMatchObject({ code: 'cross_site_request' });
    expect(jsonErrorOf(api).message).toContain('Sec-Fetch-Site');
    const page = await send('GET', '/', { ...own(), 'Sec-Fetch-Site': 'cross-site' });
    expect(page.status).toBe(200);
    const same = await send('GET', '/api/health', { ...own(), 'Sec-Fetch-Site': 'same-origin' });
    expect(same.status).toBe(200);
  });

  it('refuses an Origin that is not one of its hosts', async () => {
    for (const origin of ['http://attacker.example', 'null']) {
      const res = await send(
        'POST',
        summarize,
        { ...own(), Origin: origin, 'Content-Type': 'application/json' },
        '{}',
      );
      expect(res.status, origin).toBe(403);
      expect(jsonErrorOf(res).code).toBe('cross_site_request');
    }
    const ok = await send('GET', '/api/health', { ...own(), Origin: `http://localhost:${port}` });
    expect(ok.status).toBe(200);
  });

  it('refuses POST bodies that are not application/json with 415 naming Content-Type', async () => {
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
    ]) {
      const res = await send(
        'POST',
        summarize,
        { ...own(), 'Content-Type': type },
        '{"type":"Polygon"}',
      );
      expect(res.status, type).toBe(415);
      const error = jsonErrorOf(res);
      expect(error.code).toBe('unsupported_media_type');
      expect(error.message).toContain('Content-Type must be application/json');
    }
    const none = await send('POST', summarize, own(), '{"type":"Polygon"}');
    expect(none.status).toBe(415);
  });

  it('lets the app’s own JSON POSTs through (with a charset too) and leaves empty POSTs to routing', async () => {
    const body = JSON.stringify({ location_id: [1000000001] });
    for (const type of ['application/json', 'Application/JSON; charset=utf-8']) {
      const res = await send(
        'POST',
        '/api/fabric/202506/bulk/locations?field=unit_count',
        { ...own(), 'Content-Type': type },
        body,
      );
      expect(res.status, type).toBe(200);
    }
    const empty = await send('POST', '/api/fabric/vintages', { ...own(), 'Content-Length': '0' });
    expect(empty.status).toBe(405);
    expect(jsonErrorOf(empty).code).toBe('method_not_allowed');
  });
});

describe('methods and failures are JSON', () => {
  it('answers TRACE, PROPFIND and non-GET pages with a JSON 405 and Allow', async () => {
    const cases: Array<[string, string, string]> = [
      ['TRACE', '/', 'GET, HEAD, POST'],
      ['TRACE', '/api/health', 'GET, HEAD, POST'],
      ['PROPFIND', '/api/fabric/vintages', 'GET, HEAD, POST'],
      ['DELETE', '/', 'GET, HEAD'],
      ['PUT', '/assets/x.js', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await send(method, path, own());
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(jsonErrorOf(res).code).toBe('method_not_allowed');
    }
  });

  it('answers CONNECT and methods Node cannot parse with a JSON 405 on the raw socket', async () => {
    for (const head of [
      `CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n`,
      `BREW /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    ]) {
      const { response } = await rawExchange(app.url, head);
      expect(response?.status, head).toBe(405);
      expect(jsonErrorOf(response!).code).toBe('method_not_allowed');
    }
  });

  it('refuses a protocol upgrade with a JSON 400, a broken chunked body included', async () => {
    const upgrade = 'Connection: Upgrade\r\nUpgrade: websocket\r\n';
    for (const head of [
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${upgrade}\r\n`,
      `POST ${summarize} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n${upgrade}Transfer-Encoding: chunked\r\n\r\nzz\r\n \r\n0\r\n\r\n`,
    ]) {
      const { response } = await rawExchange(app.url, head, { timeoutMs: 5000 });
      expect(response?.status, head).toBe(400);
      expect(jsonErrorOf(response!).code).toBe('upgrade_not_supported');
    }
  });

  it('answers missing files, unknown /api paths and a broken head with JSON, never text/plain', async () => {
    for (const path of ['/assets/missing.js', '/favicon.ico', '/api/nothing']) {
      const res = await send('GET', path, own());
      expect(res.status, path).toBe(404);
      expect(jsonErrorOf(res).code).toBe('not_found');
    }
    const broken = await rawExchange(
      app.url,
      'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
    );
    expect(broken.response?.status).toBe(400);
    expect(jsonErrorOf(broken.response!).code).toBe('invalid_request');
  });
});
