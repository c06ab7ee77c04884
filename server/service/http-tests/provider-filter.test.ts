// The provider filter and the providers operation over real HTTP (docs/SERVICE.md, "providers"
// and "Fixed broadband status under filters"): a provider is found by brand, id or FRN; under
// it the report counts what that provider alone claims, which is what the report's providers
// table says of it without the filter, and what summarize's served_status sums to; a bad
// provider is refused, naming the parameter, by every operation that takes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProvidersResponse } from '../../contract/schemas/providers';
import type { ReportResponse } from '../../contract/schemas/report';
import type { SummarizeResponse } from '../../contract/schemas/fabricext';
import { createMemoryStore } from '../store/memory/memory-store';
import { buildScatterFabric } from '../testing/scatter-fabric';
import { rect } from '../testing/fixture-layout';
import { call, errorOf, startService, type RunningService } from './harness';

let svc: RunningService;
beforeAll(async () => {
  svc = await startService({ store: createMemoryStore(buildScatterFabric(4000, 7)) });
});
afterAll(async () => {
  expect(svc.logged).toEqual([]);
  await svc.close();
});

const AREA = { type: 'Polygon', coordinates: [rect(-1500, -1500, 1500, 1500)] };

async function get<T>(path: string, body?: unknown): Promise<T> {
  const res = await call(svc.url, path, body === undefined ? {} : { body });
  expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return res.body as T;
}

describe('GET /fabricext/{v}/providers', () => {
  it('finds a provider by a word of its brand, its provider id and its FRN', async () => {
    const all = await get<ProvidersResponse>('/fabricext/202506/providers?maxresults=100');
    expect(all.providers.length).toBeGreaterThanOrEqual(2);
    const counts = all.providers.map((p) => p.locationcount);
    expect(counts).toEqual(counts.toSorted((a, b) => b - a));
    const target = all.providers[1]!;
    const word = target.brand_name.split(' ').at(-1)!.slice(0, 4).toLowerCase();
    const byWord = await get<ProvidersResponse>(`/fabricext/202506/providers?q=${word}`);
    expect(byWord.providers.map((p) => p.provider_id)).toContain(target.provider_id);
    for (const q of [String(target.provider_id), target.frn]) {
      const exact = await get<ProvidersResponse>(`/fabricext/202506/providers?q=${q}`);
      expect(exact.providers[0], q).toEqual(target);
    }
    const none = await get<ProvidersResponse>('/fabricext/202506/providers?q=zzzzqqq');
    expect(none).toMatchObject({ providercount: 0, providers: [] });
  });
});

describe('the provider filter', () => {
  it('counts what the provider alone claims, as its row of the providers table says', async () => {
    const plain = await get<ReportResponse>('/fabricext/202506/report', AREA);
    expect(plain.providers.length).toBeGreaterThanOrEqual(2);
    for (const row of plain.providers.slice(0, 3)) {
      const q = `provider=${row.provider_id}`;
      const one = await get<ReportResponse>(`/fabricext/202506/report?${q}`, AREA);
      expect(one.filters.provider).toBe(String(row.provider_id));
      expect(one.status.served.locations, row.brand_name).toBe(row.served_locations);
      expect(one.status.served.units, row.brand_name).toBe(row.served_units);
      expect(one.status.served.locations + one.status.underserved.locations).toBe(
        row.reached_locations,
      );
      expect(one.providers.map((p) => p.provider_id)).toEqual([row.provider_id]);
      expect(one.providers[0]!.offered).toEqual(row.offered);
      // The table's best tier of any technology at 100/20 is the served count (BEAD: tier 2).
      expect(Math.max(...row.offered.map((o) => o.locations[1]!))).toBeLessThanOrEqual(
        row.served_locations,
      );
      const summary = await get<SummarizeResponse>(
        `/fabricext/202506/summarize?field=served_status&${q}`,
        AREA,
      );
      const served = summary.data.find((d) => d.served_status === 'served')?.locationcount ?? 0;
      expect(served).toBe(row.served_locations);
    }
  });

  it.each([
    ['report', 'POST', '/fabricext/202506/report?provider=abc'],
    ['summarize', 'POST', '/fabricext/202506/summarize?field=served_status&provider=0'],
    ['fixedhex', 'GET', '/coverage/202506/fixedhex/8/64/95.pbf?fabric=202506&provider=-4'],
    [
      'fixedtiles',
      'GET',
      '/coverage/202506/fixedtiles/14/4096/6000.pbf?fabric=202506&provider=1e5',
    ],
  ])('%s refuses a bad provider, naming it', async (_name, method, path) => {
    const res = await call(svc.url, path, method === 'POST' ? { body: AREA } : {});
    expect(res.status).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe('invalid_parameter');
    expect(error.message).toContain('provider');
  });
});
