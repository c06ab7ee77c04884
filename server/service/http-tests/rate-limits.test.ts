// Rate limits over real HTTP: one sliding-minute budget per token across every operation
// prefix, and failed authentication throttled per client address (Hono and the locate hot
// path alike) without ever refusing a valid token. Clocks are injected, so a minute passes without waiting for it.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_FAILURES_PER_MINUTE, createAuthFailures } from '../http/auth-failures';
import { CURRENT, TOKEN, startService, type RunningService } from './harness';

const PATHS = [
  '/fabric/vintages',
  `/fabricext/${CURRENT}/history?location_id=1000000001`,
  '/coverage/vintages?type=bdc',
];
const LOCATE = `/fabricext/${CURRENT}/locate?latitude=39.8&longitude=-89.65`;

interface Answer {
  status: number;
  retryAfter: string | undefined;
  code: string | undefined;
}

/** One GET from a chosen loopback address (every 127/8 address reaches the server). */
function get(
  base: string,
  path: string,
  token: string | null,
  localAddress = '127.0.0.1',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      base + path,
      { localAddress, headers: token === null ? {} : { Authorization: `Bearer ${token}` } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const body =
            res.statusCode === 200 ? null : (JSON.parse(text) as { error: { code: string } });
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, retryAfter, code: body?.error.code });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let clock = 1_000_000;
const now = () => clock;
let svc: RunningService | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

describe('request budget per token', () => {
  it('admits N across /fabric, /fabricext and /coverage together, then 429 on every prefix', async () => {
    const N = 9;
    svc = await startService({ rateLimit: { perMinute: N, now } });
    for (let k = 0; k < N; k++) expect((await get(svc.url, PATHS[k % 3]!, TOKEN)).status).toBe(200);
    for (const path of PATHS) {
      const refused = await get(svc.url, path, TOKEN);
      expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(refused.retryAfter).toMatch(/^\d+$/);
    }
  });

  it('is a sliding minute: no second burst at the edge of a window, Retry-After in whole seconds', async () => {
    const N = 10;
    svc = await startService({ rateLimit: { perMinute: N, now } });
    const t0 = clock;
    expect((await get(svc.url, PATHS[0]!, TOKEN)).status).toBe(200);
    clock = t0 + 59_000;
    for (let k = 1; k < N; k++) expect((await get(svc.url, PATHS[k % 3]!, TOKEN)).status).toBe(200);
    // A fixed window that began at t0 would admit N more from here; a sliding minute admits
    // one (the request made at t0 has left it), then waits for the next to leave at t0 + 119 s.
    clock = t0 + 60_500;
    expect((await get(svc.url, PATHS[1]!, TOKEN)).status).toBe(200);
    const refused = await get(svc.url, PATHS[2]!, TOKEN);
    expect(refused).toMatchObject({ status: 429, retryAfter: '59' });
    clock = t0 + 119_000;
    expect((await get(svc.url, PATHS[0]!, TOKEN)).status).toBe(200);
  });
});

describe('failed authentication, per client address', () => {
  it(`3,000 wrong tokens get ${AUTH_FAILURES_PER_MINUTE} answers of 401, then 429 with Retry-After`, async () => {
    svc = await startService({ authFailures: createAuthFailures(now) });
    const counts = new Map<number, number>();
    const retryAfters = new Set<string>();
    for (let k = 0; k < 3000; k++) {
      const res = await get(svc.url, PATHS[k % 3]!, `wrong-${k}`);
      counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
      if (res.status === 429) {
        expect(res.code).toBe('rate_limited');
        retryAfters.add(res.retryAfter ?? 'missing');
      }
    }
    expect(Object.fromEntries(counts)).toEqual({
      401: AUTH_FAILURES_PER_MINUTE,
      429: 3000 - AUTH_FAILURES_PER_MINUTE,
    });
    // The clock stood still: every 429 says the whole minute.
    expect([...retryAfters]).toEqual(['60']);
    // While throttled, failing attempts from that address stay refused, but a valid token
    // from it is answered (others behind the same NAT or proxy), and another address still
    // gets its own 401s.
    expect((await get(svc.url, PATHS[0]!, TOKEN)).status).toBe(200);
    expect((await get(svc.url, PATHS[1]!, null)).status).toBe(429);
    expect((await get(svc.url, PATHS[0]!, 'wrong', '127.0.0.2')).status).toBe(401);
    clock += 60_000;
    expect((await get(svc.url, PATHS[0]!, 'wrong')).status).toBe(401);
  });

  it('holds on the locate hot path too, which still answers a valid token', async () => {
    svc = await startService({ authFailures: createAuthFailures(now) }, { locateFastPath: true });
    expect((await get(svc.url, LOCATE, TOKEN)).status).toBe(200);
    const handled = svc.fastPath!.handled;
    expect(handled).toBe(1);
    for (let k = 0; k < AUTH_FAILURES_PER_MINUTE; k++)
      expect((await get(svc.url, LOCATE, `wrong-${k}`)).status).toBe(401);
    const refused = await get(svc.url, LOCATE, 'wrong-again');
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: '60' });
    expect((await get(svc.url, LOCATE, TOKEN)).status).toBe(200);
    expect(svc.fastPath!.handled).toBe(handled + 1);
  });
});
