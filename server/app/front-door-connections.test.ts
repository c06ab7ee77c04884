// Connections per address on both servers, over real sockets: attackers hold sockets that each
// sent a request line and one header and then nothing (re-opened whenever the server closes
// them), speaking from 127.0.0.2 and up while normal clients ask from 127.0.0.1. One address
// gets no more than its share, a full server makes room by closing the longest-waiting head, and
// a new client is refused only when every connection is in the middle of a request.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startAppFrontDoor,
  startServiceFrontDoor,
  type FrontDoorServer,
} from './testing/front-door-servers';
import { jsonErrorOf, rawExchange } from './testing/raw-http';
import { SlowHeads, askFrom } from './testing/slow-heads';

const running: FrontDoorServer[] = [];
const attacks: SlowHeads[] = [];
afterEach(async () => {
  for (const a of attacks.splice(0)) a.stop();
  for (const r of running.splice(0)) await r.close();
});

const SERVERS = [
  { name: 'app server', start: startAppFrontDoor },
  { name: 'standalone service', start: startServiceFrontDoor },
];

async function started(start: (env: Record<string, string>) => Promise<FrontDoorServer>, env = {}) {
  const server = await start(env);
  running.push(server);
  return server;
}

function attack(server: FrontDoorServer, address: string, count: number): SlowHeads {
  const heads = new SlowHeads(server.url, address, count);
  attacks.push(heads);
  return heads;
}

/**
 * `n` normal requests from 127.0.0.1, one every 50 ms: their statuses (or errors), and the
 * fewest sockets `heads` held open after any of them.
 */
async function normalRequests(server: FrontDoorServer, n: number, heads?: SlowHeads) {
  const url = `${server.url}${server.base}/fabric/vintages`;
  const statuses: (number | string)[] = [];
  let fewestHeld = Infinity;
  for (let i = 0; i < n; i++) {
    statuses.push(await askFrom(url, server.auth));
    fewestHeld = Math.min(fewestHeld, heads?.open ?? Infinity);
    await new Promise((done) => setTimeout(done, 50));
  }
  return { statuses, fewestHeld };
}

describe.each(SERVERS)('$name', ({ start }) => {
  it('answers others while one address opens 256 slow heads, holding no more than its share', async () => {
    const server = await started(start);
    const heads = attack(server, '127.0.0.2', 256);
    await heads.connected(256);
    await new Promise((done) => setTimeout(done, 200));
    const { statuses, fewestHeld } = await normalRequests(server, 30, heads);
    expect(statuses).toEqual(Array(30).fill(200));
    // The address's sockets past its share were closed with a JSON answer naming the rule
    // (re-opened ones come and go between the samples).
    expect(fewestHeld).toBeLessThanOrEqual(32);
    const refusal = heads.answers.find((a) => a.status === 429);
    expect(refusal && jsonErrorOf(refusal)).toMatchObject({
      code: 'too_many_connections',
      message: expect.stringContaining('MAX_CONNECTIONS_PER_ADDRESS (32)') as string,
    });
  });

  it('answers others while slow heads from many addresses fill MAX_CONNECTIONS', async () => {
    const server = await started(start, {
      MAX_CONNECTIONS: '64',
      MAX_CONNECTIONS_PER_ADDRESS: '8',
    });
    const all = Array.from({ length: 8 }, (_, i) => attack(server, `127.0.0.${i + 2}`, 8));
    for (const heads of all) await heads.connected(8);
    await new Promise((done) => setTimeout(done, 200));
    expect((await normalRequests(server, 30)).statuses).toEqual(Array(30).fill(200));
    // A normal client took the place of the head that had waited longest (whose re-opened
    // socket later took the place of a normal one that had finished).
    const closed = all.flatMap((heads) => heads.answers);
    expect(closed.length).toBeGreaterThan(0);
    expect(jsonErrorOf(closed[0]!)).toMatchObject({
      code: 'connection_limit',
      message: expect.stringContaining('waited longest for a request head') as string,
    });
    expect(server.logs.join('\n')).toContain('MAX_CONNECTIONS (64) reached');
  });

  it('refuses a new connection from an address whose share is all mid-request, with a JSON 429', async () => {
    const server = await started(start, { MAX_CONNECTIONS_PER_ADDRESS: '2' });
    const { host } = new URL(server.url);
    const auth = Object.entries(server.auth).map(([k, v]) => `${k}: ${v}\r\n`);
    // Two uploads under way: their heads are complete, their bodies still coming. Each asks
    // for 100 Continue, which the server sends once it has read the head: the third connection
    // opens only then (a fixed wait was too short once on a busy machine).
    const { port } = new URL(server.url);
    const uploads = [0, 1].map(
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect({
            host: '127.0.0.1',
            port: Number(port),
            localAddress: '127.0.0.2',
          });
          socket.setEncoding('latin1');
          socket.once('error', reject);
          socket.on('data', (chunk: string) => {
            if (chunk.startsWith('HTTP/1.1 100')) resolve(socket);
          });
          socket.write(
            `POST ${server.base}/fabric/202506/bulk/locations?field=city HTTP/1.1\r\nHost: ${host}\r\n${auth.join('')}Content-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n{"location_id":[`,
          );
        }),
    );
    const sockets = await Promise.all(uploads);
    const third = await rawExchange(server.url, '', {
      localAddress: '127.0.0.2',
      waitForClose: true,
      timeoutMs: 2000,
    });
    expect(third.response?.status).toBe(429);
    expect(jsonErrorOf(third.response!).message).toContain('each in the middle of a request');
    const url = `${server.url}${server.base}/fabric/vintages`;
    expect(await askFrom(url, server.auth, '127.0.0.3')).toBe(200);
    for (const socket of sockets) socket.destroy();
  });
});
