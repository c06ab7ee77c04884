// The report's refusals over real HTTP (each parameter, unknown vintages, the area rules, the
// maxcount refusal summarize gives), that it runs in the worker pool as every POST does, and
// summarize's coverage and audience: the computed fields follow both.
import { describe, expect, it } from 'vitest';
import { isOffloaded } from '../pool/offload';
import { report } from '../store/memory/ops/report';
import { buildFabricIndex } from '../store/memory/fabric-index';
import { createMemoryStore } from '../store/memory/memory-store';
import type { Store } from '../store/store';
import { buildFixtureFabric } from '../testing/fixture-fabric';
import { rect } from '../testing/fixture-layout';
import {
  CURRENT,
  call,
  errorOf,
  expectErrorCase,
  serviceForFile,
  startService,
  type ErrorCase,
} from './harness';

const svc = serviceForFile();
/**
 * Every fixture location but L5 (far east): at 202506 L0..L4, L8..L12. Residential, by the
 * fixture's design: served L0, L1 (fiber from 202412), L3, L10, L11; underserved L8, L9 (DSL
 * 25/3); unserved L2 (DSL 10/1), L4 (satellite), L12 (sold to business only). L9 is in the
 * fabric from 202412 only.
 */
const TOWN = { type: 'Polygon', coordinates: [rect(-50, -10, 1800, 130)] };
const R = `/fabricext/${CURRENT}/report`;

const CASES: ErrorCase[] = [
  ['coverage not six digits', `${R}?coverage=2024`, TOWN, 400, 'invalid_parameter', ['coverage']],
  [
    'an unknown coverage vintage',
    `${R}?coverage=209912`,
    TOWN,
    404,
    'unknown_vintage',
    ['coverage', '209912'],
  ],
  ['an unknown fabric vintage', '/fabricext/209912/report', TOWN, 404, 'unknown_vintage', []],
  ['a bad audience', `${R}?audience=everyone`, TOWN, 400, 'invalid_parameter', ['audience']],
  ['a bad speed', `${R}?speed=100`, TOWN, 400, 'invalid_parameter', ['speed', '100/20']],
  ['a bad tech', `${R}?tech=cable,fiber`, TOWN, 400, 'invalid_parameter', ['tech', 'fiber']],
  ['a bad lowlatency', `${R}?lowlatency=yes`, TOWN, 400, 'invalid_parameter', ['lowlatency']],
  ['a Point', R, { type: 'Point', coordinates: [-89.65, 39.8] }, 400, 'invalid_geojson', []],
  [
    'an open ring',
    R,
    { type: 'Polygon', coordinates: [rect(0, 0, 10, 10).slice(0, 4)] },
    400,
    'invalid_geojson',
    ['not closed'],
  ],
  ['a body that is not JSON', R, '{"type":', 400, 'invalid_parameter', ['not valid JSON']],
];

describe('POST /fabricext/{v}/report refusals', () => {
  it.each(CASES)('%s', async (...c) => {
    await expectErrorCase(svc.url, c);
    const res = await call(
      svc.url,
      c[1],
      typeof c[2] === 'string' ? { raw: c[2], method: 'POST' } : { body: c[2] },
    );
    // A query parameter's refusal names it in details, as the service's errors do.
    if (c[1].includes('?')) expect(errorOf(res.body).details?.parameter).toBe(c[5][0]);
  });

  it('is an operation the worker pool runs, as every POST', () => {
    expect(isOffloaded('POST', R)).toBe(true);
  });

  it('answers 422 maxcount_exceeded with the counts, as summarize does', async () => {
    // The memory store's cap is fixed at 50000; this store reports with a cap of 3.
    const fabric = buildFixtureFabric();
    const ix = buildFabricIndex(fabric);
    const store: Store = {
      ...createMemoryStore(fabric),
      report: async (v, cv, area, filters) =>
        report(ix, ix.vintageIndex(v), ix.vintageIndex(cv), area, filters, { maxcount: 3 }),
    };
    const small = await startService({ store });
    try {
      const res = await call(small.url, R, { body: TOWN });
      expect(res.status).toBe(422);
      expect(errorOf(res.body).code).toBe('maxcount_exceeded');
      expect(res.body).toMatchObject({ locationcount: 10, maxcount: 3, error: { maxcount: 3 } });
      const under = { type: 'Polygon', coordinates: [rect(-10, -10, 40, 110)] };
      expect((await call(small.url, R, { body: under })).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('summarize at a coverage vintage and for an audience', () => {
  const S = `/fabricext/${CURRENT}/summarize?field=served_status`;
  const statuses = async (query: string) => {
    const res = await call(svc.url, `${S}${query}`, { body: TOWN });
    expect(res.status).toBe(200);
    const rows = (res.body as { data: { served_status: string; locationcount: number }[] }).data;
    return Object.fromEntries(rows.map((r) => [r.served_status, r.locationcount]));
  };

  it('counts residential offers by default, business ones when asked', async () => {
    const residential = { served: 5, underserved: 2, unserved: 3 };
    expect(await statuses('')).toEqual(residential);
    expect(await statuses('&audience=residential')).toEqual(residential);
    // Only L10, L11 (sold to both) and L12 (business only) have business offers that count.
    expect(await statuses('&audience=business')).toEqual({ served: 3, unserved: 7 });
  });

  it('reads the coverage vintage asked; a location that release lacks is notinrelease', async () => {
    // L1 is underserved before fiber arrives; L9 was not yet in the fabric.
    const older = { served: 4, underserved: 2, unserved: 3, notinrelease: 1 };
    expect(await statuses('&coverage=202406')).toEqual(older);
    expect(await statuses('&coverage=202306')).toEqual(older);
  });

  it.each([
    ['&coverage=2024', 400, 'coverage'],
    ['&coverage=209912', 404, 'coverage'],
    ['&audience=everyone', 400, 'audience'],
  ])('refuses %s naming the parameter', async (query, status, parameter) => {
    const res = await call(svc.url, `${S}${query}`, { body: TOWN });
    expect(res.status).toBe(status);
    expect(errorOf(res.body).details?.parameter).toBe(parameter);
  });
});

describe('the report of the fixture town', () => {
  it('gives the statuses the fixture was built with, at the coverage vintage asked', async () => {
    const res = await call(svc.url, `${R}?coverage=202406`, { body: TOWN });
    expect(res.status).toBe(200);
    const { status, locationcount } = res.body as {
      status: Record<string, { locations: number }>;
      locationcount: number;
    };
    expect(locationcount).toBe(10);
    expect(Object.fromEntries(Object.entries(status).map(([k, v]) => [k, v.locations]))).toEqual({
      served: 4,
      underserved: 2,
      unserved: 3,
      nooffers: 0,
      notinrelease: 1,
      notbsl: 0,
    });
  });
});
