// Generated bad input against every endpoint over real HTTP: whatever the path segments, query
// values, bodies and auth headers, the service never answers 5xx and every refusal is a JSON
// error body with a code and a message. Each parameter is usually valid and sometimes junk, so
// the runs reach past the first check into the handlers and the store.
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthFailures } from '../http/auth-failures';
import { ENDPOINTS } from './endpoint-arbitraries';
import { CURRENT, TOKEN, call, errorOf, startService, type RunningService } from './harness';

// Bounded so the file runs in a few seconds on a busy 2-core machine.
const RUNS = 50;

let svc: RunningService;
beforeAll(async () => {
  // Junk auth headers by the hundred: a wide failure throttle keeps them answered 401 here
  // (rate-limits.test.ts holds the real one of 20 a minute).
  svc = await startService({ authFailures: createAuthFailures(Date.now, 1_000_000) });
});
afterAll(async () => {
  await svc.close();
});

async function expectWellFormed(
  res: { status: number; headers: Headers; body: unknown },
  what: string,
) {
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.headers.get('content-type'), what).toContain('application/json');
    errorOf(res.body);
  }
}

describe('generated input never breaks the service', () => {
  it.each(ENDPOINTS)('$method $name', async ({ method, request }) => {
    await fc.assert(
      fc.asyncProperty(request, async ({ path, query, body, raw }) => {
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const url = search ? `${path}?${search}` : path;
        const res = await call(svc.url, url, { method, body, raw });
        await expectWellFormed(res, `${method} ${url}`);
      }),
      { numRuns: RUNS },
    );
    expect(svc.logged).toEqual([]);
  });

  it('any auth header gets 401 or an answer, never a crash', async () => {
    const header = fc.string({ unit: 'grapheme-ascii', maxLength: 40 });
    const headers = fc.record(
      {
        Authorization: fc.oneof(
          header,
          header.map((h) => `Bearer ${h}`),
          fc.constant(`Bearer ${TOKEN}`),
        ),
        apikey: header,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(headers, async (h) => {
        const res = await call(svc.url, '/fabric/layers', { noAuth: true, headers: h });
        expect([200, 401]).toContain(res.status);
        await expectWellFormed(res, JSON.stringify(h));
      }),
      { numRuns: RUNS },
    );
  });

  it('any method on any path gets a JSON answer, never a crash', async () => {
    const path = fc.oneof(
      fc.webPath(),
      fc.constantFrom('/fabric/vintages', `/fabricext/${CURRENT}/locate`, '/coverage/bdcmobile'),
    );
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');
    await fc.assert(
      fc.asyncProperty(path, method, async (p, m) => {
        const res = await call(svc.url, p.startsWith('/') ? p : `/${p}`, {
          method: m,
          ...(m === 'GET' || m === 'HEAD' ? {} : { raw: '{}' }),
        });
        expect(res.status, `${m} ${p}`).toBeLessThan(500);
        if (m !== 'HEAD' && res.status >= 400) errorOf(res.body);
      }),
      { numRuns: RUNS / 2 },
    );
    expect(svc.logged).toEqual([]);
  });
});
