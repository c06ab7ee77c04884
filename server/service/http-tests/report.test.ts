// The area report over real HTTP equals what a client recounts from the published operations
// for the same small area: collect3 for the locations inside, bulk data for their BSL flag and
// units (at the fabric vintage, and at the coverage vintage's release for "in this release"),
// bulk bdcfixed for their offers, each counted with the rule of shared/fixed-status.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TIERS,
  countedTier,
  countingRule,
  parseFixedFilters,
  statusFromOffers,
  type FixedFilters,
} from '../../../shared/fixed-status';
import { fixedTechnology } from '../../../shared/technology';
import type { FixedRecord } from '../../contract/schemas/coverage';
import type { ReportResponse } from '../../contract/schemas/report';
import { createMemoryStore } from '../store/memory/memory-store';
import { buildScatterFabric } from '../testing/scatter-fabric';
import { fixtureLngLat } from '../testing/fixture-layout';
import { call, startService, type RunningService } from './harness';
import { locationsInside } from './fixed-tile-support';

let svc: RunningService;
beforeAll(async () => {
  svc = await startService({ store: createMemoryStore(buildScatterFabric(4000, 7)) });
});
afterAll(async () => {
  expect(svc.logged).toEqual([]);
  await svc.close();
});

const square = (half: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [-half, -half],
      [half, -half],
      [half, half],
      [-half, half],
      [-half, -half],
    ].map(([x, y]) => fixtureLngLat(x!, y!)),
  ],
});
const AREA = square(1500);

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await call(svc.url, path, { body });
  expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return res.body as T;
}

/** The report recounted from records, as a planner would with the published files. */
async function recount(fv: string, cv: string, filters: FixedFilters) {
  const inside = await locationsInside(svc.url, fv, AREA as GeoJSON.Polygon, ['unit_count']);
  const ids = inside.map((l) => l.location_id);
  const release = await post<{ location_id: number }[]>(
    `/fabric/${cv}/bulk/locations?field=location_id`,
    ids,
  );
  const inRelease = new Set(release.map((r) => r.location_id));
  const records = await post<FixedRecord[]>(`/coverage/bdcfixed?vintage=${cv}`, ids);
  const offersOf = new Map<number, FixedRecord[]>();
  for (const r of records) {
    const id = Number(r.location_id);
    offersOf.set(id, [...(offersOf.get(id) ?? []), r]);
  }
  const rule = countingRule(filters);
  const status: Record<string, { locations: number; units: number }> = {};
  const add = (k: string, units: number) => {
    status[k] ??= { locations: 0, units: 0 };
    status[k].locations++;
    status[k].units += units;
  };
  const atTier = new Map<string, number>();
  const providers = new Map<number, { served: number; units: number; reached: number }>();
  for (const l of inside) {
    if (!inRelease.has(l.location_id)) add('notinrelease', l.unit_count);
    else if (l.bsl_flag !== 1) add('notbsl', l.unit_count);
    else {
      const offers = offersOf.get(l.location_id) ?? [];
      add(statusFromOffers(offers, filters), l.unit_count);
      if (offers.length === 0) add('nooffers', l.unit_count);
      const best = new Map<string, number>();
      const byProvider = new Map<number, number>();
      for (const o of offers) {
        const t = countedTier(o, rule, filters.audience);
        const group = fixedTechnology(o.technology_code)!.group;
        for (const g of ['any', group]) best.set(g, Math.max(best.get(g) ?? 0, t));
        byProvider.set(o.provider_id, Math.max(byProvider.get(o.provider_id) ?? 0, t));
      }
      for (const [g, t] of best)
        for (let k = 1; k <= t; k++) atTier.set(`${g} ${k}`, (atTier.get(`${g} ${k}`) ?? 0) + 1);
      for (const [p, t] of byProvider) {
        if (t === 0) continue;
        const c = providers.get(p) ?? { served: 0, units: 0, reached: 0 };
        c.reached++;
        if (t >= rule.servedTier) {
          c.served++;
          c.units += l.unit_count;
        }
        providers.set(p, c);
      }
    }
  }
  return { locationcount: inside.length, status, atTier, providers };
}

const CASES: [fv: string, cv: string, query: Record<string, string>][] = [
  ['202506', '202506', {}],
  ['202506', '202406', { audience: 'business' }],
  ['202412', '202306', { speed: '250/25', tech: 'wired' }],
  ['202506', '202412', { speed: '25/3', tech: 'fixedwireless', lowlatency: '1' }],
  ['202406', '202506', { speed: '1000/100', tech: 'satellite' }],
];

describe('POST /fabricext/{v}/report', () => {
  it.each(CASES)(
    'fabric %s, coverage %s, %o: equals a recount from the records',
    async (fv, cv, q) => {
      const parsed = parseFixedFilters(q);
      if (!parsed.ok) throw new Error('bad case');
      const query = new URLSearchParams({ coverage: cv, ...q });
      const report = await post<ReportResponse>(`/fabricext/${fv}/report?${query}`, AREA);
      const expected = await recount(fv, cv, parsed.filters);
      expect(report.locationcount).toBe(expected.locationcount);
      expect(expected.locationcount).toBeGreaterThan(50);
      // Not vacuous: the area holds BSLs with and without offers, non-BSLs, several providers, and
      // (coverage of another release) locations that release did not hold.
      expect(expected.status.notbsl?.locations).toBeGreaterThan(0);
      expect(expected.status.nooffers?.locations).toBeGreaterThan(0);
      expect(expected.providers.size).toBeGreaterThan(1);
      if (cv !== fv) expect(expected.status.notinrelease?.locations).toBeGreaterThan(0);
      const zero = { locations: 0, units: 0 };
      for (const k of Object.keys(report.status))
        expect(report.status[k as keyof ReportResponse['status']], k).toEqual(
          expected.status[k] ?? zero,
        );
      expect(report.tiers.length).toBeGreaterThanOrEqual(TIERS.length);
      for (const row of report.tiers)
        expect(row.locations, `${row.group} ${row.speed}`).toBe(
          expected.atTier.get(`${row.group} ${row.tier}`) ?? 0,
        );
      const got = new Map(
        report.providers.map((p) => [
          p.provider_id,
          { served: p.served_locations, units: p.served_units, reached: p.reached_locations },
        ]),
      );
      expect(got).toEqual(expected.providers);
      expect(report).toMatchObject({ fabric: fv, coverage: cv, filters: { ...q } });
    },
  );
});
