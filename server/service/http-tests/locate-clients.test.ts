// locate as the real service's clients call it, over real HTTP: GET with sourcekey, matchtype,
// tolerances and h3 in the official client's urlencoded form, and POST with a body of up to
// 1000 points. Every answer is checked against the answer GET gives for the same point.
import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LocateRecordSchema } from '../../contract/schemas/locate';
import { FIXTURE_POINTS, fixtureLngLat } from '../testing/fixture-fabric';
import { CURRENT, TOKEN, call, errorOf, serviceForFile, startService } from './harness';
import { pyHeaders, pyJson, pyUrlencode } from './python-forms';

const svc = serviceForFile();
const LOCATE = `/fabricext/${CURRENT}/locate`;
const Records = z.array(LocateRecordSchema.strict());

/** A fixture point (meters) as the client's CSV row: every value text. */
function row(sourcekey: string, x: number, y: number) {
  const [lng, lat] = fixtureLngLat(x, y);
  return { sourcekey, latitude: String(lat), longitude: String(lng) };
}

async function get(query: string) {
  const res = await call(svc.url, `${LOCATE}?${query}`, { headers: { apikey: TOKEN } });
  return { status: res.status, body: res.body };
}

async function post(body: unknown, query = '') {
  const res = await call(svc.url, `${LOCATE}${query}`, {
    method: 'POST',
    raw: pyJson(body),
    headers: pyHeaders(TOKEN),
    noAuth: true,
  });
  return { status: res.status, body: res.body };
}

describe('GET locate with the real clients’ parameters', () => {
  it('echoes sourcekey as sent (text, with spaces), "" when empty, null when absent', async () => {
    const r = row('Parcel 17 / east', 15, 25);
    const [withKey] = Records.parse((await get(pyUrlencode(r))).body);
    expect(withKey).toMatchObject({ sourcekey: 'Parcel 17 / east', matchtype: 'FootprintParcel' });
    const [empty] = Records.parse((await get(pyUrlencode({ ...r, sourcekey: '' }))).body);
    expect(empty!.sourcekey).toBe('');
    const { sourcekey: _none, ...bare } = r;
    expect(Records.parse((await get(pyUrlencode(bare))).body)[0]!.sourcekey).toBeNull();
  });

  it('takes the client’s form: its options first, then the row with its h3 (res 4) and res', async () => {
    const r = row('7', 29, 21);
    const h3 = latLngToCell(Number(r.latitude), Number(r.longitude), 4);
    const res = await get(`parceldistancem=500&${pyUrlencode({ ...r, res: 4, h3 })}`);
    expect(res.status).toBe(200);
    expect(Records.parse(res.body)).toEqual([
      expect.objectContaining({
        location_id: 1000000001,
        matchtype: 'FootprintParcel',
        sourcekey: '7',
      }),
    ]);
  });

  it('matchtype limits the answer types, in any case, and changes the answer', async () => {
    const r = pyUrlencode(row('k', 29, 21));
    const answer = async (q: string) => Records.parse((await get(`${r}&${q}`)).body)[0];
    expect(await answer('matchtype=Parcel')).toMatchObject({
      location_id: 1000000002,
      matchtype: 'Parcel',
    });
    expect(await answer('matchtype=nearest%2C+footprint')).toMatchObject({ matchtype: 'Nearest' });
    expect(await answer('matchtype=Footprint')).toBeUndefined();
  });

  it('parceltolerancem and footprinttolerancem widen the parcel and the footprint', async () => {
    const r = pyUrlencode(row('k', -5, 30));
    const type = async (q: string) => Records.parse((await get(`${r}${q}`)).body)[0]?.matchtype;
    expect(await type('')).toBe('Nearest');
    expect(await type('&parceltolerancem=6')).toBe('Parcel');
    expect(await type('&parceltolerancem=6&footprinttolerancem=16')).toBe('FootprintParcel');
  });

  it('accepts the h3 cell of the point at any resolution', async () => {
    const r = row('k', 15, 25);
    for (const res of [4, 9, 15]) {
      const h3 = latLngToCell(Number(r.latitude), Number(r.longitude), res);
      expect((await get(pyUrlencode({ ...r, h3 }))).status).toBe(200);
    }
  });

  const at = pyUrlencode(row('k', 15, 25));
  const elsewhere = latLngToCell(40.5, -88, 4);
  // prettier-ignore
  const refusals: [string, string, string[]][] = [
    ['an unknown match type', `${at}&matchtype=Parcel,Rooftop`, ['matchtype must be a comma list of FootprintParcel, Footprint, Parcel, Nearest', 'Rooftop']],
    ['an empty matchtype', `${at}&matchtype=+,`, ['matchtype must name at least one of']],
    ['parceltolerancem above 100', `${at}&parceltolerancem=100.5`, ['parceltolerancem must be at most 100']],
    ['a negative footprinttolerancem', `${at}&footprinttolerancem=-1`, ['footprinttolerancem must be at least 0']],
    ['a non-numeric footprinttolerancem', `${at}&footprinttolerancem=wide`, ['footprinttolerancem must be a number']],
    ['a sourcekey past 255 characters', `${at.replace('sourcekey=k', `sourcekey=${'k'.repeat(256)}`)}`, ['sourcekey must be at most 255 characters']],
    ['sourcekey given twice', `${at}&sourcekey=j`, ['sourcekey must be given once']],
    ['an h3 that is not hex', `${at}&h3=842664d-fffffff`, ['h3 must be an H3 cell id']],
    ['an h3 that is no cell', `${at}&h3=8f2830828052d2f`, ['h3 must be a valid H3 cell id']],
    ['a longitude far out of range with an h3', `latitude=39.8&longitude=1e308&h3=${elsewhere}`, ['longitude must be at most 180']],
    ['an h3 cell elsewhere', `${at}&h3=${elsewhere}`, ['h3 must be the resolution-4 cell that holds the point', elsewhere]],
  ];
  it.each(refusals)('refuses %s with a 400 naming the parameter', async (_name, query, words) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe('invalid_parameter');
    for (const w of words) expect(error.message).toContain(w);
  });
});

describe('POST locate', () => {
  const rows: (Record<string, string | number | null> & { latitude: string; longitude: string })[] =
    [
      row('a', 15, 25), // FootprintParcel
      { ...row('b', 38, 12), sourcekey: 2 }, // Parcel, a numeric key
      row('c', 5000, 5000), // nowhere: left out of the answer
      { ...row('d', 305, 15), name: 'shed', res: 4 }, // Footprint, extra keys ignored
      { ...row('e', 1500, 60), h3: null }, // Nearest; a null h3 is no h3
    ];
  const withH3 = rows.map((r) => ({
    ...r,
    h3: r.h3 === null ? null : latLngToCell(Number(r.latitude), Number(r.longitude), 4),
  }));

  it('answers one record per located point, in input order, each as GET answers it', async () => {
    const res = await post(withH3);
    expect(res.status).toBe(200);
    const records = Records.parse(res.body);
    const expected = [];
    for (const r of rows) {
      const query = {
        sourcekey: String(r.sourcekey),
        latitude: r.latitude,
        longitude: r.longitude,
      };
      const one = Records.parse((await get(pyUrlencode(query))).body);
      expected.push(...one.map((x) => ({ ...x, sourcekey: r.sourcekey })));
    }
    expect(records.map((r) => r.sourcekey)).toEqual(['a', 2, 'd', 'e']);
    expect(records).toEqual(expected);
  });

  it('applies the query options to every point, and answers [] for no points', async () => {
    const nearest = Records.parse((await post(rows, '?matchtype=Nearest&neardistancem=100')).body);
    expect(nearest.map((r) => [r.sourcekey, r.matchtype])).toEqual([
      ['a', 'Nearest'],
      [2, 'Nearest'],
      ['d', 'Nearest'],
      ['e', 'Nearest'],
    ]);
    expect((await post([])).body).toEqual([]);
  });

  it('takes 1000 points in one call', async () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      row(`p${i}`, (i % 50) * 8, Math.floor(i / 50) * 8),
    );
    const res = await post(many);
    expect(res.status).toBe(200);
    const records = Records.parse(res.body);
    expect(records.length).toBeGreaterThan(100);
    expect(new Set(records.map((r) => r.sourcekey)).size).toBe(records.length);
  });

  const [lng, lat] = fixtureLngLat(0, 0);
  // prettier-ignore
  const refusals: [string, unknown, string, string[]][] = [
    ['more than 1000 points', Array.from({ length: 1001 }, (_, i) => row(`p${i}`, 0, 0)), '', ['body must hold at most 1000 points']],
    ['points spread over more than 10,000 km²', [row('a', 0, 0), { sourcekey: 'b', latitude: lat + 1.2, longitude: lng + 1.2 }], '', ['10000 km²', 'body']],
    ['an object instead of a list', { points: [row('a', 0, 0)] }, '', ['body must be an array']],
    ['a non-numeric latitude', [row('a', 0, 0), { ...row('b', 0, 0), latitude: 'north' }], '', ['body[1].latitude must be a number']],
    ['a missing longitude', [{ sourcekey: 'a', latitude: lat }], '', ['body[0].longitude is required']],
    ['a latitude out of range', [{ sourcekey: 'a', latitude: 91, longitude: lng }], '', ['body[0].latitude must be at most 90']],
    ['a sourcekey that is an object', [{ ...row('a', 0, 0), sourcekey: { id: 1 } }], '', ['body[0].sourcekey must be a string or a number']],
    ['a sourcekey past 255 characters', [row('k'.repeat(256), 0, 0)], '', ['body[0].sourcekey must be at most 255 characters']],
    ['an h3 cell elsewhere', [{ ...row('a', 0, 0), h3: latLngToCell(40.5, -88, 4) }], '', ['body[0].h3 must be the resolution-4 cell that holds the point']],
    ['an h3 that is not a string', [{ ...row('a', 0, 0), h3: 5 }], '', ['body[0].h3 must be a string']],
    ['an unknown match type', [row('a', 0, 0)], '?matchtype=Roof', ['matchtype must be a comma list']],
    ['neardistancem above 100', [row('a', 0, 0)], '?neardistancem=150', ['neardistancem must be at most 100']],
  ];
  it.each(refusals)('refuses %s with a 400 naming the rule', async (_name, body, query, words) => {
    const res = await post(body, query);
    expect(res.status).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe('invalid_parameter');
    for (const w of words) expect(error.message).toContain(w);
  });

  it('refuses a body that is not JSON, an unknown vintage, a missing token and a huge body', async () => {
    const notJson = await call(svc.url, LOCATE, { method: 'POST', raw: '[{"sourcekey": "a",' });
    expect([notJson.status, errorOf(notJson.body).message]).toEqual([
      400,
      'request body is not valid JSON',
    ]);
    const old = await call(svc.url, '/fabricext/201001/locate', { body: [row('a', 0, 0)] });
    expect([old.status, errorOf(old.body).code]).toEqual([404, 'unknown_vintage']);
    const anonymous = await call(svc.url, LOCATE, { body: [row('a', 0, 0)], noAuth: true });
    expect(anonymous.status).toBe(401);
    const huge = await call(svc.url, LOCATE, {
      method: 'POST',
      raw: `[${' '.repeat(6 * 1024 * 1024)}]`,
    });
    expect([huge.status, errorOf(huge.body).code]).toEqual([413, 'payload_too_large']);
  });

  it('answers the fixture points as GET does, whatever their order', async () => {
    const points = Object.entries(FIXTURE_POINTS)
      .filter(
        ([, p]) => !p.vintage && p.parceldistancem === undefined && p.neardistancem === undefined,
      )
      .map(([name, p]) => row(name, p.x, p.y))
      .filter((r) => Math.abs(Number(r.longitude) + 89.65) < 0.05);
    const forward = Records.parse((await post(points)).body);
    const backward = Records.parse((await post(points.toReversed())).body);
    expect(backward).toEqual(forward.toReversed());
    expect(forward.map((r) => r.sourcekey)).toEqual(
      Object.entries(FIXTURE_POINTS)
        .filter(([n, p]) => points.some((r) => r.sourcekey === n) && p.expect !== null)
        .map(([n]) => n),
    );
  });
});

describe('POST locate and match under a rate limit', () => {
  it('count against the token’s budget and answer 429 with Retry-After in whole seconds', async () => {
    const limited = await startService({ rateLimit: { perMinute: 2 } });
    try {
      const send = (path: string, body: unknown) =>
        call(limited.url, path, {
          method: 'POST',
          raw: pyJson(body),
          headers: pyHeaders(TOKEN),
          noAuth: true,
        });
      expect((await send(LOCATE, [row('a', 15, 25)])).status).toBe(200);
      expect((await send(`/fabricext/${CURRENT}/match`, [{ text: '100 Oak St' }])).status).toBe(
        200,
      );
      const refused = await send(LOCATE, [row('a', 15, 25)]);
      expect([refused.status, errorOf(refused.body).code]).toEqual([429, 'rate_limited']);
      expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    } finally {
      await limited.close();
    }
  });
});
