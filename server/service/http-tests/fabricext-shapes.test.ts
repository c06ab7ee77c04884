// Extension operations over real HTTP: success bodies parsed with the route schemas (strict).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  historyRecordSchema,
  SummarizeResponseSchema,
  TranslateRecordSchema,
} from '../../contract/schemas/fabricext';
import { MAXCOUNT } from '../store/contract';
import { LocateRecordSchema } from '../../contract/schemas/locate';
import { MatchResponseSchema } from '../../contract/schemas/match';
import { FIXTURE_LOCATIONS, FIXTURE_POINTS, fixtureLngLat } from '../testing/fixture-fabric';
import { CURRENT, call, serviceForFile } from './harness';

const svc = serviceForFile();

const ext = (path: string) => `/fabricext/${CURRENT}${path}`;
const LocateAnswer = z.array(LocateRecordSchema.strict()).max(1);
const feature = (rings: number[][][]) => ({
  type: 'Feature',
  properties: null,
  geometry: { type: 'Polygon', coordinates: rings },
});

/** A rectangle in fixture meters as a closed GeoJSON ring. */
function ring(x0: number, y0: number, x1: number, y1: number): number[][] {
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ].map(([x, y]) => fixtureLngLat(x!, y!));
}

describe('extension operations', () => {
  it('match finds a fixture address from text and from parts', async () => {
    const text = await call(
      svc.url,
      ext(`/match?text=${encodeURIComponent('100 Oak Street, Springfield IL 62704')}&maxresults=3`),
    );
    expect(text.status).toBe(200);
    const answer = MatchResponseSchema.strict().parse(text.body);
    expect(answer.matchcount).toBe(answer.locations.length);
    expect(answer.locations[0]!.address).toBe('100 OAK ST');
    expect(answer.locations.map((l) => l.matchrank)).toEqual(answer.locations.map((_, i) => i + 1));
    const parts = await call(
      svc.url,
      ext('/match?house_number=100&road=oak%20st&city=springfield'),
    );
    expect(parts.status).toBe(200);
    expect(MatchResponseSchema.strict().parse(parts.body).locations[0]!.address).toBe('100 OAK ST');
  });

  it("history answers a retired location's versions with its equivalent, [] for an unknown id", async () => {
    const res = await call(svc.url, ext(`/history?location_id=${FIXTURE_LOCATIONS[6].id}`));
    expect(res.status).toBe(200);
    // The default dialect (both) names the versions both ways (dialects.test.ts: each alone).
    const [record] = z.array(historyRecordSchema('both').strict()).length(1).parse(res.body);
    expect(record).toEqual({
      location_id: FIXTURE_LOCATIONS[6].id,
      firstsvcversion: 7,
      lastsvcversion: 9,
      firstcqaversion: 7,
      lastcqaversion: 9,
      re_location_id: FIXTURE_LOCATIONS[0].id,
    });
    const none = await call(svc.url, ext('/history?location_id=1999999999'));
    expect(none.body).toEqual([]);
  });

  it.each(Object.entries(FIXTURE_POINTS))('locate at the %s point', async (_name, p) => {
    const [lng, lat] = fixtureLngLat(p.x, p.y);
    const q = new URLSearchParams({ latitude: String(lat), longitude: String(lng) });
    if (p.parceldistancem !== undefined) q.set('parceldistancem', String(p.parceldistancem));
    if (p.neardistancem !== undefined) q.set('neardistancem', String(p.neardistancem));
    const res = await call(svc.url, `/fabricext/${p.vintage ?? CURRENT}/locate?${q}`);
    expect(res.status).toBe(200);
    const found = LocateAnswer.parse(res.body);
    if (p.expect === null) expect(found).toEqual([]);
    else expect(found[0]).toMatchObject(p.expect);
  });

  it('translate goes from location_id to uuid and back', async () => {
    const id = FIXTURE_LOCATIONS[2].id;
    const there = await call(svc.url, ext(`/translate?src=location_id&dest=uuid&id=${id}`));
    expect(there.status).toBe(200);
    const [record] = z.array(TranslateRecordSchema.strict()).length(1).parse(there.body);
    expect(record!.location_id).toBe(id);
    const back = await call(
      svc.url,
      ext(`/translate?src=uuid&dest=location_id&id=${record!.uuid}`),
    );
    expect(back.body).toEqual([record]);
  });

  it('translate answers [] for a uuid of another vintage', async () => {
    const id = FIXTURE_LOCATIONS[2].id;
    const old = await call(
      svc.url,
      `/fabricext/202306/translate?src=location_id&dest=uuid&id=${id}`,
    );
    const [record] = z.array(TranslateRecordSchema.strict()).length(1).parse(old.body);
    const res = await call(svc.url, ext(`/translate?src=uuid&dest=location_id&id=${record!.uuid}`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('summarize groups by discrete fields and categories, with continuous aggregates', async () => {
    const area = { type: 'Polygon', coordinates: [ring(-100, -100, 500, 200)] };
    const res = await call(svc.url, ext('/summarize?field=building_type_code,unit_count'), {
      body: area,
    });
    expect(res.status).toBe(200);
    const summary = SummarizeResponseSchema.strict().parse(res.body);
    // Locations 1-4, 9, 11-13 are current and inside; 7 and 8 are retired, 5, 6 and 10 far east.
    expect(summary.locationcount).toBe(8);
    expect(summary.maxcount).toBe(MAXCOUNT);
    const rows = summary.data;
    expect(rows.reduce((s, r) => s + Number(r.locationcount), 0)).toBe(8);
    for (const r of rows) {
      expect(Object.keys(r).sort()).toEqual([
        'building_type_code',
        'locationcount',
        'unit_count',
        'unit_count_avg',
        'unit_count_cnt',
        'unit_count_sum',
      ]);
    }
    const units = rows.reduce((s, r) => s + Number(r.unit_count_sum), 0);
    expect(units).toBe(10);
  });

  it('summarize takes a FeatureCollection with a hole and nocat=1', async () => {
    // The first polygon's hole removes locations 1, 2 and 7 (x 0..40).
    const body = {
      type: 'FeatureCollection',
      features: [
        feature([ring(-100, -100, 500, 200), ring(-5, 5, 45, 45).toReversed()]),
        feature([ring(1400, 0, 1600, 40)]),
      ],
    };
    const res = await call(svc.url, ext('/summarize?field=unit_count&nocat=1'), { body });
    expect(res.status).toBe(200);
    const summary = SummarizeResponseSchema.strict().parse(res.body);
    expect(summary.locationcount).toBe(7);
    expect(summary.data).toEqual([
      {
        locationcount: 7,
        unit_count_avg: expect.closeTo(9 / 7, 3),
        unit_count_cnt: 7,
        unit_count_sum: 9,
      },
    ]);
  });
});
