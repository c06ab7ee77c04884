// Limits of both servers over real sockets, with the deadlines set short: a request head
// trickled byte by byte (slow loris) or a body that never finishes is cut with a JSON 408 at the
// configured deadline while other clients are served; idle keep-alive sockets close; past
// MAX_CONNECTIONS new connections are dropped; the standalone service sends the security
// headers too.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startAppFrontDoor,
  startServiceFrontDoor,
  type FrontDoorServer,
} from './testing/front-door-servers';
import { jsonErrorOf, parseResponse, rawExchange } from './testing/raw-http';

const running: FrontDoorServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const r of running.splice(0)) await r.close();
});

const SERVERS = [
  { name: 'app server', start: startAppFrontDoor },
  { name: 'standalone service', start: startServiceFrontDoor },
];

async function open(url: string): Promise<{ socket: Socket; received: () => string }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  sockets.push(socket);
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => {});
  await new Promise((done) => socket.once('connect', done));
  return { socket, received: () => text };
}

/** Writes `parts` one every `everyMs` until the server closes; resolves with when it did. */
function trickle(socket: Socket, parts: string[], everyMs: number): Promise<number> {
  const started = performance.now();
  return new Promise((done) => {
    let i = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed && i < parts.length) socket.write(parts[i++]!);
    }, everyMs);
    socket.once('close', () => {
      clearInterval(timer);
      done(performance.now() - started);
    });
  });
}

async function health(server: FrontDoorServer): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const path = server.base ? '/api/health' : '/fabric/vintages';
  const res = await fetch(`${server.url}${path}`, { headers: server.auth });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

describe.each(SERVERS)('$name', ({ start }) => {
  it('cuts a request head still arriving after HEADERS_TIMEOUT_S with a JSON 408, serving others meanwhile', async () => {
    const server = await start({ HEADERS_TIMEOUT_S: '1', REQUEST_TIMEOUT_S: '5' });
    running.push(server);
    const { socket, received } = await open(server.url);
    const { host } = new URL(server.url);
    const head = `GET ${server.base}/fabric/vintages HTTP/1.1\r\nHost: ${host}\r\nX-Slow: ${'a'.repeat(40)}`;
    const closed = trickle(socket, head.split(''), 25);
    await new Promise((done) => setTimeout(done, 300));
    const other = await health(server);
    expect(other.status).toBe(200);
    // A few ms here, loaded or not; the bound only says the slow client held nobody up.
    expect(other.ms).toBeLessThan(1000);
    const ms = await closed;
    // At the configured second, not before; the upper bound keeps a 3x margin over it.
    expect(ms).toBeGreaterThan(900);
    expect(ms).toBeLessThan(3500);
    const answer = parseResponse(received());
    expect(answer?.status).toBe(408);
    expect(jsonErrorOf(answer!).message).toContain('HEADERS_TIMEOUT_S');
  });

  it('cuts a body still arriving after REQUEST_TIMEOUT_S, and logs no internal error', async () => {
    const server = await start({ HEADERS_TIMEOUT_S: '1', REQUEST_TIMEOUT_S: '2' });
    running.push(server);
    const { socket, received } = await open(server.url);
    const { host } = new URL(server.url);
    const auth = Object.entries(server.auth)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(
      `POST ${server.base}/fabric/202506/bulk/locations?field=city HTTP/1.1\r\nHost: ${host}\r\n${auth}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"location_id":[`,
    );
    const ms = await trickle(
      socket,
      Array.from({ length: 100 }, () => '1000000001,'),
      100,
    );
    expect(ms).toBeGreaterThan(1500);
    expect(ms).toBeLessThan(6500);
    const answer = parseResponse(received());
    expect(answer?.status).toBe(408);
    expect(jsonErrorOf(answer!).code).toBe('request_timeout');
    await new Promise((done) => setTimeout(done, 100));
    expect(server.logs.join('\n')).not.toMatch(/internal error|\n\s+at /);
  });

  it('closes an idle keep-alive connection after KEEPALIVE_TIMEOUT_S', async () => {
    const server = await start({ KEEPALIVE_TIMEOUT_S: '1' });
    running.push(server);
    const { host } = new URL(server.url);
    const auth = Object.entries(server.auth)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const exchange = await rawExchange(
      server.url,
      `GET ${server.base}/fabric/layers HTTP/1.1\r\nHost: ${host}\r\n${auth}\r\n`,
      { waitForClose: true },
    );
    expect(exchange.response?.status).toBe(200);
    expect(exchange.closedAfterMs).toBeGreaterThan(900);
    expect(exchange.closedAfterMs).toBeLessThan(3500);
  });

  it('drops connections past MAX_CONNECTIONS and takes new ones once others leave', async () => {
    const server = await start({ MAX_CONNECTIONS: '3' });
    running.push(server);
    const held = await Promise.all([1, 2, 3].map(() => open(server.url)));
    await new Promise((done) => setTimeout(done, 100));
    const extra = await rawExchange(server.url, '', { waitForClose: true, timeoutMs: 2000 });
    expect(extra.closedAfterMs).not.toBeNull();
    expect(extra.raw).toBe('');
    held[0]!.socket.destroy();
    await new Promise((done) => setTimeout(done, 100));
    expect((await health(server)).status).toBe(200);
    expect(server.logs).toContain('connection refused: MAX_CONNECTIONS (3) reached');
  });
});

describe('standalone service security headers', () => {
  it('sends the app server’s security headers with a CSP that loads nothing, on hot-path and Hono answers', async () => {
    const server = await startServiceFrontDoor();
    running.push(server);
    const answers = [
      await fetch(`${server.url}/fabricext/202506/locate?latitude=39.8&longitude=-89.6`, {
        headers: server.auth,
      }),
      await fetch(`${server.url}/fabric/vintages`),
      await fetch(`${server.url}/nothing`, { headers: server.auth }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 404]);
    for (const res of answers) {
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});
