// geosvc over real HTTP: h3assign as the official client posts it (CSV rows as text, res on
// each row) and libgetgeo's Census boundaries, which other operations must accept as they are.
import { booleanPointInPolygon } from '@turf/turf';
import { cellToBoundary, getResolution, isValidCell } from 'h3-js';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { CURRENT, TOKEN, call, errorOf, serviceForFile } from './harness';
import { pyHeaders, pyJson } from './python-forms';

const svc = serviceForFile();

const post = (path: string, body: unknown) =>
  call(svc.url, path, {
    method: 'POST',
    raw: pyJson(body),
    headers: pyHeaders(TOKEN),
    noAuth: true,
  });
const get = (path: string) => call(svc.url, path, { noAuth: true, headers: { apikey: TOKEN } });

/** Whether the H3 cell holds the point, by its boundary polygon (not by latLngToCell). */
function cellHolds(cell: string, lat: number, lng: number): boolean {
  const ring = cellToBoundary(cell, true);
  return booleanPointInPolygon([lng, lat], { type: 'Polygon', coordinates: [ring] });
}

async function expectRefusal(
  res: { status: number; body: unknown },
  status: number,
  words: string[],
) {
  const error = errorOf(res.body);
  expect(res.status).toBe(status);
  for (const w of words) expect(error.message).toContain(w);
}

describe('POST /geosvc/h3assign', () => {
  it('gives each CSV row its cell at the row’s res, keeping sourcekey and every other column', async () => {
    const rows = [
      { sourcekey: 'a-1', latitude: '39.7817', longitude: '-89.6501', res: 4, city: 'Springfield' },
      { sourcekey: 2, latitude: 64.84, longitude: -147.72, res: 9 },
      { sourcekey: 'tip', latitude: '-33.92', longitude: '18.42', res: 0 },
    ];
    const res = await post('/geosvc/h3assign', rows);
    expect(res.status).toBe(200);
    const answer = res.body as Record<string, unknown>[];
    expect(answer).toHaveLength(rows.length);
    answer.forEach((a, k) => {
      const row = rows[k]!;
      const lat = Number(row.latitude);
      const lng = Number(row.longitude);
      expect(a).toMatchObject({ ...row, latitude: lat, longitude: lng, res: row.res });
      const cell = a.h3 as string;
      expect(isValidCell(cell) && getResolution(cell)).toBe(row.res);
      expect(cellHolds(cell, lat, lng), `${cell} holds row ${k}`).toBe(true);
    });
  });

  it('takes res from the query for rows without their own', async () => {
    const res = await post('/geosvc/h3assign?res=7', [
      { sourcekey: 'q', latitude: 39.78, longitude: -89.65 },
      { sourcekey: 'own', latitude: 39.78, longitude: -89.65, res: 5 },
    ]);
    const [q, own] = res.body as { res: number; h3: string }[];
    expect([q!.res, getResolution(q!.h3), own!.res, getResolution(own!.h3)]).toEqual([7, 7, 5, 5]);
    expect((await post('/geosvc/h3assign?res=4', [])).body).toEqual([]);
  });

  it.each([
    [
      'no res anywhere',
      '',
      [{ sourcekey: 1, latitude: 1, longitude: 1 }],
      ['res is required', 'body[0]'],
    ],
    ['a res past 15', '?res=16', [], ['res must be at most 15']],
    [
      'a row res past 15',
      '',
      [{ latitude: 1, longitude: 1, res: 16 }],
      ['body[0].res must be at most 15'],
    ],
    [
      'a row res that is no integer',
      '',
      [{ latitude: 1, longitude: 1, res: 'x' }],
      ['body[0].res'],
    ],
    [
      'a latitude past 90',
      '?res=4',
      [{ latitude: 91, longitude: 1 }],
      ['body[0].latitude must be at most 90'],
    ],
    [
      'a longitude that is text',
      '?res=4',
      [{ latitude: 1, longitude: 'east' }],
      ['body[0].longitude must be a number'],
    ],
    [
      'a row without latitude',
      '?res=4',
      [{ sourcekey: 'k', longitude: 1 }],
      ['body[0].latitude is required'],
    ],
    ['an object for a list', '?res=4', { latitude: 1, longitude: 1 }, ['body must be an array']],
    [
      'a sourcekey that is an object',
      '?res=4',
      [{ sourcekey: {}, latitude: 1, longitude: 1 }],
      ['body[0].sourcekey'],
    ],
  ])('refuses %s (400 naming it)', async (_name, query, body, words) => {
    await expectRefusal(await post(`/geosvc/h3assign${query}`, body), 400, words);
  });
});

describe('GET /geosvc/libgetgeo/tiger/2020/{counties|states}', () => {
  const atlas = createRequire(import.meta.url)('us-atlas/counties-10m.json') as Topology<{
    counties: GeometryCollection;
  }>;
  const atlasCounty = (id: string) =>
    feature(
      atlas,
      atlas.objects.counties.geometries.find((g) => g.id === id)!,
    ) as GeoJSON.Feature;

  it('answers a county as the us-atlas boundary, with its GEOID and name', async () => {
    const res = await get('/geosvc/libgetgeo/tiger/2020/counties?id=17167');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      type: 'Feature',
      id: '17167',
      properties: { GEOID: '17167', name: 'Sangamon' },
      geometry: atlasCounty('17167').geometry,
    });
    const state = await get('/geosvc/libgetgeo/tiger/2020/states?id=17');
    expect(state.body).toMatchObject({
      type: 'Feature',
      properties: { GEOID: '17', name: 'Illinois' },
      geometry: { type: 'Polygon' },
    });
  });

  it('answers a boundary the atlas breaks (a bow-tie sliver) in a form collect3 and summarize take', async () => {
    // Alameda County's ring crosses itself in the 1:10M atlas: posted raw, it is refused.
    const raw = await post(`/fabric/${CURRENT}/collect3/locations`, atlasCounty('06001'));
    expect([raw.status, errorOf(raw.body).details?.rule]).toEqual([400, 'self_intersection']);
    const served = (await get('/geosvc/libgetgeo/tiger/2020/counties?id=06001')).body;
    expect((await post(`/fabric/${CURRENT}/collect3/locations`, served)).status).toBe(200);
    const summary = await post(`/fabricext/${CURRENT}/summarize?field=unit_count`, served);
    expect(summary.status).toBe(200);
  });

  it.each([
    ['counties?id=1716', 400, ['id must be a 5-digit county GEOID']],
    ['counties?id=17167x', 400, ['id must be a 5-digit county GEOID']],
    ['states?id=170', 400, ['id must be a 2-digit state FIPS code']],
    ['counties', 400, ['id is required']],
    ['tracts?id=17167', 400, ['kind must be counties or states']],
    ['counties?id=17999', 404, ['no county has GEOID 17999']],
    ['states?id=99', 404, ['no state has GEOID 99']],
  ] as const)('refuses %s', async (query, status, words) => {
    await expectRefusal(await get(`/geosvc/libgetgeo/tiger/2020/${query}`), status, [...words]);
  });

  it('needs a token, like every operation', async () => {
    for (const [method, path] of [
      ['GET', '/geosvc/libgetgeo/tiger/2020/counties?id=17167'],
      ['POST', '/geosvc/h3assign?res=4'],
    ]) {
      const res = await call(svc.url, path!, {
        method,
        noAuth: true,
        ...(method === 'POST' ? { raw: '[]' } : {}),
      });
      expect([res.status, errorOf(res.body).code]).toEqual([401, 'unauthorized']);
    }
  });
});
