// The account operations over real HTTP: listapis as the official client reads it when it
// starts (credits to choose GET or POST, maxrequest as its chunk size, which must be the
// service's real limit), and getusage counting every authenticated call per token, the locate
// hot path's included.
import { describe, expect, it } from 'vitest';
import { digestToken, clientKeyOf } from '../http/auth';
import { OPERATIONS } from '../../contract/operations';
import { createUsageMeter } from '../http/usage-meter';
import { fixtureLngLat, fixtureMobileCells } from '../testing/fixture-fabric';
import { CURRENT, TOKEN, call, errorOf, serviceForFile, startService } from './harness';
import { pyHeaders, pyJson } from './python-forms';

const svc = serviceForFile();
const [LNG, LAT] = fixtureLngLat(20, 30);

interface ApiRow {
  api: string;
  operation: string;
  method: string;
  credits: number;
  maxrequest: number;
}

async function listapis(base = svc.url): Promise<ApiRow[]> {
  const res = await call(base, '/accountcontrol/listapis', {
    noAuth: true,
    headers: pyHeaders(TOKEN),
  });
  expect(res.status).toBe(200);
  return res.body as ApiRow[];
}

describe('GET /accountcontrol/listapis', () => {
  it('lists every operation of the table once per method, with its credits and chunk size', async () => {
    const rows = await listapis();
    expect(rows).toHaveLength(OPERATIONS.length);
    const keys = rows.map((r) => `${r.api} ${r.operation} ${r.method}`);
    expect(new Set(keys).size).toBe(rows.length);
    for (const r of rows) {
      expect(Object.keys(r).sort()).toEqual([
        'api',
        'credits',
        'maxrequest',
        'method',
        'operation',
      ]);
      expect(Number.isInteger(r.credits) && r.credits >= 0).toBe(true);
      expect(r.maxrequest).toBeGreaterThanOrEqual(1);
      if (r.method === 'GET') expect(r.maxrequest).toBe(1);
    }
  });

  it('answers the lookups the official client makes, so its choices come out sensibly', async () => {
    const rows = await listapis();
    // Its getCredits(api, operation, method) and getMaxRequest(api, operation) (POST rows).
    const credits = (api: string, operation: string, method: string) =>
      rows.find((a) => a.api === api && a.operation === operation && a.method === method)?.credits;
    const maxrequest = (api: string, operation: string) =>
      rows.find((a) => a.api === api && a.operation === operation && a.method === 'POST')
        ?.maxrequest;
    expect(maxrequest('fabric', 'bulk')).toBe(1000);
    expect(maxrequest('fabricext', 'locate')).toBe(1000);
    expect(maxrequest('fabricext', 'match')).toBe(1000);
    expect(maxrequest('geosvc', 'h3assign')).toBe(10_000);
    // attach(): 10 uuids cost less by GET, 10,000 by bulk POST (5 fields, one field group).
    const attachByGet = (n: number) =>
      credits('fabric', 'data', 'GET')! * n <
      credits('fabric', 'bulk', 'POST')! * Math.ceil(n / maxrequest('fabric', 'bulk')!);
    expect([attachByGet(10), attachByGet(10_000)]).toEqual([true, false]);
    // match(): few addresses by GET, many by POST.
    const matchByGet = (n: number) =>
      n * credits('fabricext', 'match', 'GET')! < credits('fabricext', 'match', 'POST')!;
    expect([matchByGet(5), matchByGet(500)]).toEqual([true, false]);
    expect(credits('fabricext', 'locate', 'POST')).toBeGreaterThan(1);
    expect(credits('accountcontrol', 'listapis', 'GET')).toBe(0);
  });

  /** A body of n items for each bulk POST, to prove maxrequest is the limit the service keeps. */
  const [CELL] = fixtureMobileCells() as [string];
  const BULK: Record<string, { path: string; item: (k: number) => unknown }> = {
    'fabric bulk': { path: `/fabric/${CURRENT}/bulk/locations?field=city`, item: () => 1000000001 },
    'fabricext match': {
      path: `/fabricext/${CURRENT}/match`,
      item: (k) => ({ sourcekey: k, text: '1201 OAK ST, SPRINGFIELD IL' }),
    },
    'fabricext locate': {
      path: `/fabricext/${CURRENT}/locate`,
      item: (k) => ({ sourcekey: k, latitude: LAT, longitude: LNG }),
    },
    'coverage bdcfixed': { path: `/coverage/bdcfixed?vintage=${CURRENT}`, item: () => 1000000001 },
    'coverage bdcmobile': { path: `/coverage/bdcmobile?vintage=${CURRENT}`, item: () => CELL },
    'geosvc h3assign': {
      path: '/geosvc/h3assign?res=4',
      item: (k) => ({ sourcekey: k, latitude: LAT, longitude: LNG }),
    },
  };

  it('gives the real chunk limit of every bulk POST: maxrequest items pass, one more is refused', async () => {
    const bulkRows = (await listapis()).filter((r) => r.method === 'POST' && r.maxrequest > 1);
    expect(bulkRows.map((r) => `${r.api} ${r.operation}`).sort()).toEqual(Object.keys(BULK).sort());
    for (const row of bulkRows) {
      const { path, item } = BULK[`${row.api} ${row.operation}`]!;
      const body = (n: number) => pyJson(Array.from({ length: n }, (_, k) => item(k)));
      const send = (n: number) =>
        call(svc.url, path, {
          method: 'POST',
          raw: body(n),
          headers: pyHeaders(TOKEN),
          noAuth: true,
        });
      const full = await send(row.maxrequest);
      expect(full.status, `${path} × ${row.maxrequest}`).toBe(200);
      const over = await send(row.maxrequest + 1);
      expect(over.status, `${path} × ${row.maxrequest + 1}`).toBe(400);
      expect(errorOf(over.body).message).toContain(String(row.maxrequest));
    }
  }, 60_000);
});

describe('GET /accountcontrol/getusage', () => {
  it('counts each token’s calls and credits per operation, the locate hot path’s included', async () => {
    const other = 'second-token';
    const s = await startService({ tokens: [TOKEN, other] }, { locateFastPath: true });
    try {
      const as = (token: string) => ({ noAuth: true, headers: { apikey: token } });
      const data = `/fabric/${CURRENT}/data/locations?location_id=1000000001`;
      await call(s.url, data, as(TOKEN));
      await call(s.url, data, as(TOKEN));
      expect(
        (await call(s.url, `/fabric/${CURRENT}/data/locations?location_id=x`, as(TOKEN))).status,
      ).toBe(400);
      await call(s.url, `/fabric/${CURRENT}/bulk/locations?field=city`, {
        ...as(TOKEN),
        body: [1000000001],
      });
      const locate = `/fabricext/${CURRENT}/locate?latitude=${LAT}&longitude=${LNG}`;
      for (let i = 0; i < 3; i++) expect((await call(s.url, locate, as(TOKEN))).status).toBe(200);
      expect(s.fastPath?.handled).toBe(3);
      await call(s.url, '/fabric/vintages', as(TOKEN));
      await call(s.url, '/fabric/layers', as(other));
      // Not counted: no token, a wrong token, a path that is no operation.
      expect((await call(s.url, data, { noAuth: true })).status).toBe(401);
      expect((await call(s.url, data, as('nope'))).status).toBe(401);
      expect((await call(s.url, '/fabric/nothing', as(TOKEN))).status).toBe(404);

      const usage = await call(s.url, '/accountcontrol/getusage', as(TOKEN));
      expect(usage.status).toBe(200);
      const body = usage.body as { account: string; operations: unknown[] } & Record<
        string,
        unknown
      >;
      expect(body.account).toBe(clientKeyOf(digestToken(TOKEN)));
      expect(JSON.stringify(body)).not.toContain(TOKEN);
      expect(body).toMatchObject({ calls: 8, refused: 1, credits: 2 + 50 + 3 });
      expect(body.operations).toEqual([
        { api: 'fabric', operation: 'vintages', method: 'GET', calls: 1, refused: 0, credits: 0 },
        { api: 'fabric', operation: 'data', method: 'GET', calls: 3, refused: 1, credits: 2 },
        { api: 'fabric', operation: 'bulk', method: 'POST', calls: 1, refused: 0, credits: 50 },
        { api: 'fabricext', operation: 'locate', method: 'GET', calls: 3, refused: 0, credits: 3 },
      ]);
      const second = (await call(s.url, '/accountcontrol/getusage', as(other))).body;
      expect(second).toMatchObject({
        calls: 1,
        operations: [{ api: 'fabric', operation: 'layers', method: 'GET', calls: 1 }],
      });
    } finally {
      await s.close();
    }
  });

  it('counts a call refused by the rate limit as refused, at no credit', async () => {
    const usage = createUsageMeter();
    const s = await startService({ rateLimit: { perMinute: 2 }, usage });
    try {
      const path = `/fabric/${CURRENT}/data/locations?location_id=1000000001`;
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await call(s.url, path)).status);
      expect(statuses).toEqual([200, 200, 429]);
      // The account and geography operations share the token's budget.
      for (const p of ['/accountcontrol/listapis', '/geosvc/h3assign?res=4']) {
        const res = await call(s.url, p, p.includes('h3') ? { body: [] } : {});
        expect([res.status, res.headers.get('retry-after')]).toEqual([429, expect.any(String)]);
      }
      expect(usage.report(clientKeyOf(digestToken(TOKEN))).operations).toEqual([
        { api: 'fabric', operation: 'data', method: 'GET', calls: 3, refused: 1, credits: 2 },
        {
          api: 'accountcontrol',
          operation: 'listapis',
          method: 'GET',
          calls: 1,
          refused: 1,
          credits: 0,
        },
        { api: 'geosvc', operation: 'h3assign', method: 'POST', calls: 1, refused: 1, credits: 0 },
      ]);
    } finally {
      await s.close();
    }
  });

  it('counts under one anonymous account when auth is off (the app server’s embedded service)', async () => {
    const s = await startService({ tokens: null });
    try {
      await call(s.url, '/fabric/layers', { noAuth: true });
      const usage = await call(s.url, '/accountcontrol/getusage', { noAuth: true });
      expect(usage.body).toMatchObject({ account: 'anonymous', calls: 1 });
    } finally {
      await s.close();
    }
  });

  it('needs a token, like every operation', async () => {
    for (const path of ['/accountcontrol/getusage', '/accountcontrol/listapis']) {
      const res = await call(svc.url, path, { noAuth: true });
      expect([res.status, errorOf(res.body).code]).toEqual([401, 'unauthorized']);
    }
  });
});
