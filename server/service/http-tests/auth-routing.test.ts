// Authentication (both header forms and apikey), unknown paths, wrong methods and the rate
// limit, over real HTTP: every refusal is a JSON error body with the right status and headers.
import { describe, expect, it } from 'vitest';
import { CURRENT, TOKEN, call, errorOf, serviceForFile, startService } from './harness';

const svc = serviceForFile();

/** One GET operation per service area. */
const PROBES = {
  fabric: '/fabric/vintages',
  fabricext: `/fabricext/${CURRENT}/history?location_id=1000000001`,
  coverage: '/coverage/vintages?type=bdc',
} as const;

async function expectUnauthorized(path: string, headers: Record<string, string>) {
  const res = await call(svc.url, path, { noAuth: true, headers });
  expect(res.status).toBe(401);
  expect(res.headers.get('www-authenticate')).toBe('Bearer');
  expect(errorOf(res.body).code).toBe('unauthorized');
  expect(JSON.stringify(res.body)).not.toContain(TOKEN);
}

describe('authentication', () => {
  describe.each(Object.entries(PROBES))('%s operations', (_area, path) => {
    it('refuse a request without a token', () => expectUnauthorized(path, {}));
    it('refuse an unknown bearer token', () =>
      expectUnauthorized(path, { Authorization: 'Bearer nope' }));
    it('refuse an unknown apikey', () => expectUnauthorized(path, { apikey: 'nope' }));
    it('refuse another auth scheme', () =>
      expectUnauthorized(path, { Authorization: `Basic ${TOKEN}` }));
    it('refuse a bare token without a type', () =>
      expectUnauthorized(path, { Authorization: TOKEN }));

    it('accept Authorization: Bearer <token>', async () => {
      const res = await call(svc.url, path, {
        noAuth: true,
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(200);
    });

    it('accept apikey: <token>', async () => {
      const res = await call(svc.url, path, { noAuth: true, headers: { apikey: TOKEN } });
      expect(res.status).toBe(200);
    });
  });

  it('coverage takes the token type in any case', async () => {
    const res = await call(svc.url, PROBES.coverage, {
      noAuth: true,
      headers: { Authorization: `BEARER ${TOKEN}` },
    });
    expect(res.status).toBe(200);
  });

  it('checks the token before the parameters', async () => {
    await expectUnauthorized(`/fabricext/${CURRENT}/locate?latitude=abc`, {});
  });

  it('takes no token when auth is off (the service embedded in the app server)', async () => {
    const open = await startService({ tokens: null });
    try {
      for (const path of Object.values(PROBES)) {
        expect((await call(open.url, path, { noAuth: true })).status).toBe(200);
      }
    } finally {
      await open.close();
    }
  });

  it('serves /openapi.json without a token', async () => {
    const res = await call(svc.url, '/openapi.json', { noAuth: true });
    expect(res.status).toBe(200);
  });
});

describe('routing', () => {
  it.each([
    '/',
    '/nope',
    '/fabric/nope',
    `/fabric/${CURRENT}/nothing/locations`,
    `/fabricext/${CURRENT}/geocode`,
    '/coverage/bdcsatellite',
  ])('GET %s is a JSON 404', async (path) => {
    const res = await call(svc.url, path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(errorOf(res.body).code).toBe('not_found');
  });

  it.each([
    ['DELETE', '/fabric/vintages', 'GET'],
    ['POST', '/fabric/layers', 'GET'],
    ['GET', `/fabric/${CURRENT}/bulk/locations`, 'POST'],
    ['PUT', `/fabricext/${CURRENT}/locate`, 'GET, POST'],
    ['GET', `/fabricext/${CURRENT}/summarize`, 'POST'],
    ['PUT', '/coverage/bdcfixed', 'GET, POST'],
    ['PATCH', '/coverage/bdcmobile', 'GET, POST'],
  ])('%s %s is a JSON 405 allowing %s', async (method, path, allow) => {
    const res = await call(svc.url, path, { method, ...(method === 'GET' ? {} : { raw: '[]' }) });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    const error = errorOf(res.body);
    expect(error.code).toBe('method_not_allowed');
    expect(error.message).toContain(allow);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the budget, per token', async () => {
    const limited = await startService({
      tokens: [TOKEN, 'other-token'],
      rateLimit: { perMinute: 3 },
    });
    try {
      for (let i = 0; i < 3; i++) expect((await call(limited.url, PROBES.fabric)).status).toBe(200);
      const refused = await call(limited.url, PROBES.fabric);
      expect(refused.status).toBe(429);
      expect(errorOf(refused.body).code).toBe('rate_limited');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const other = await call(limited.url, PROBES.fabric, {
        noAuth: true,
        headers: { apikey: 'other-token' },
      });
      expect(other.status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
