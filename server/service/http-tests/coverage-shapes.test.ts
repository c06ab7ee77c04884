// Coverage operations over real HTTP: success bodies parsed with the route schemas (strict),
// with the exact JSON types docs/SERVICE.md asks for (location_id and frn as digit strings).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CoverageVintagesSchema,
  FixedRecordSchema,
  MobileRecordSchema,
} from '../../contract/schemas/coverage';
import { FIXTURE_LOCATIONS, FIXTURE_VINTAGES, fixtureMobileCells } from '../testing/fixture-fabric';
import { TOKEN, call, serviceForFile } from './harness';

const svc = serviceForFile();

const Fixed = z.array(FixedRecordSchema.strict());
const Mobile = z.array(MobileRecordSchema.strict());
const [TOWN_CELL, RURAL_CELL] = fixtureMobileCells() as [string, string];
const FIRST = FIXTURE_LOCATIONS[0].id;

describe('coverage operations', () => {
  it('GET /coverage/vintages?type=bdc lists the coverage vintages ascending', async () => {
    const res = await call(svc.url, '/coverage/vintages?type=bdc');
    expect(res.status).toBe(200);
    expect(CoverageVintagesSchema.parse(res.body)).toEqual(FIXTURE_VINTAGES);
  });

  it('GET /coverage/bdcfixed answers the newest vintage by default', async () => {
    const res = await call(svc.url, `/coverage/bdcfixed?location_id=${FIRST}`);
    expect(res.status).toBe(200);
    const records = Fixed.parse(res.body);
    expect(records.length).toBe(2);
    for (const r of records) {
      expect(r.location_id).toBe(String(FIRST));
      expect(r.frn).toMatch(/^0\d{9}$/);
    }
    expect(records.map((r) => r.technology_code).sort()).toEqual([50, 60]);
  });

  it('GET /coverage/bdcfixed with a vintage answers that vintage', async () => {
    // Location 02 gains fiber in 202412: one record before, two after.
    const id = FIXTURE_LOCATIONS[1].id;
    const before = await call(svc.url, `/coverage/bdcfixed?location_id=${id}&vintage=202406`);
    const after = await call(svc.url, `/coverage/bdcfixed?location_id=${id}&vintage=202412`);
    expect(Fixed.parse(before.body).length).toBe(1);
    expect(Fixed.parse(after.body).length).toBe(2);
  });

  it('POST /coverage/bdcfixed concatenates the records of several locations', async () => {
    const ids = FIXTURE_LOCATIONS.slice(0, 3).map((l) => l.id);
    const res = await call(svc.url, '/coverage/bdcfixed?vintage=202506', { body: ids });
    expect(res.status).toBe(200);
    const records = Fixed.parse(res.body);
    expect(new Set(records.map((r) => r.location_id))).toEqual(new Set(ids.map(String)));
    expect(records.length).toBe(2 + 2 + 2);
  });

  it('GET /coverage/bdcmobile answers the records of a res-9 cell', async () => {
    const res = await call(svc.url, `/coverage/bdcmobile?h3_res9_id=${TOWN_CELL}`, {
      // Coverage operations take `<token_type> <token>` with the type in any case.
      noAuth: true,
      headers: { Authorization: `bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    const records = Mobile.parse(res.body);
    expect(records.length).toBe(4);
    for (const r of records) expect(r.h3_res9_id).toBe(TOWN_CELL);
    expect(new Set(records.map((r) => r.technology))).toEqual(new Set([4, 5]));
  });

  it('GET /coverage/bdcmobile answers [] for a cell without coverage', async () => {
    const res = await call(svc.url, '/coverage/bdcmobile?h3_res9_id=8928308280fffff');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('POST /coverage/bdcmobile concatenates the records of several cells', async () => {
    const old = await call(svc.url, '/coverage/bdcmobile?vintage=202306', {
      body: [TOWN_CELL, RURAL_CELL],
    });
    const now = await call(svc.url, '/coverage/bdcmobile?vintage=202506', {
      body: [TOWN_CELL, RURAL_CELL],
    });
    expect(old.status).toBe(200);
    expect(Mobile.parse(old.body).length).toBe(4 + 1);
    expect(Mobile.parse(now.body).length).toBe(4 + 2);
  });
});
