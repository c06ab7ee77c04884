// Limits of both servers over real sockets, with the deadlines set short: a request head
// trickled byte by byte (slow loris) or a body that never finishes is cut with a JSON 408 at the
// configured deadline while other clients are served; idle keep-alive sockets close; at
// MAX_CONNECTIONS the connection longest without a request head makes room, and a newcomer is
// refused only while every connection is mid-request; the standalone service sends the
// security headers too.
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

async function open(
  url: string,
  localAddress?: string,
): Promise<{ socket: Socket; received: () => string }> {
  const { hostname, port } = new URL(url);
  const socket = connect({ port: Number(port), host: hostname, localAddress });
  sockets.push(socket);
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => {});
  await new Promise((done) => socket.once('connect', done));
  return { socket, received: () => text };
}

/** Everything a socket received once the server has closed it. */
function closedText(held: { socket: Socket; received: () => string }): Promise<string> {
  if (held.socket.destroyed) return Promise.resolve(held.received());
  return new Promise((done) => held.socket.once('close', () => done(held.received())));
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

  it('past MAX_CONNECTIONS, closes the connection longest without a request head to take a new one', async () => {
    const server = await start({ MAX_CONNECTIONS: '3' });
    running.push(server);
    const held = [];
    for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) {
      held.push(await open(server.url, from));
      await new Promise((done) => setTimeout(done, 20));
    }
    expect((await health(server)).status).toBe(200);
    const closed = parseResponse(await closedText(held[0]!));
    expect(closed?.status).toBe(503);
    expect(jsonErrorOf(closed!)).toMatchObject({ code: 'connection_limit' });
    expect(held.map((h) => h.socket.destroyed)).toEqual([true, false, false]);
    expect(server.logs).toContain('connection closed to make room: MAX_CONNECTIONS (3) reached');
  });

  it('refuses a new connection with a JSON 503 only while every connection is mid-request', async () => {
    const server = await start({ MAX_CONNECTIONS: '3' });
    running.push(server);
    const { host } = new URL(server.url);
    const auth = Object.entries(server.auth)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const uploads = [];
    for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) {
      const upload = await open(server.url, from);
      upload.socket.write(
        `POST ${server.base}/fabric/202506/bulk/locations?field=city HTTP/1.1\r\nHost: ${host}\r\n${auth}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"location_id":[`,
      );
      uploads.push(upload);
    }
    await new Promise((done) => setTimeout(done, 200));
    const extra = await rawExchange(server.url, '', { waitForClose: true, timeoutMs: 2000 });
    expect(extra.response?.status).toBe(503);
    expect(jsonErrorOf(extra.response!).message).toContain('each in the middle of a request');
    expect(uploads.map((u) => u.socket.destroyed)).toEqual([false, false, false]);
    uploads[0]!.socket.destroy();
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
