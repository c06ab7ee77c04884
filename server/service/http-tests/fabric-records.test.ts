// data and bulk over real HTTP as real clients use them: a record holds every field `fields`
// lists for its layer (computed coverage fields at the matching coverage vintage included),
// bulk takes the official client's bare array of ids, and a field no record holds is refused.
import { describe, expect, it } from 'vitest';
import { buildFabricIndex } from '../store/memory/fabric-index';
import { areaFeatureUuid } from '../store/memory/ops/location-records';
import { buildFixtureFabric, FIXTURE_LOCATIONS, fixtureLngLat } from '../testing/fixture-fabric';
import { CURRENT, TOKEN, call, errorOf, serviceForFile } from './harness';

const svc = serviceForFile();

type Row = Record<string, unknown>;
const ix = buildFabricIndex(buildFixtureFabric());
const VI = ix.vintageIndex(CURRENT);
const [FIRST, SECOND] = FIXTURE_LOCATIONS.map((l) => l.id);

async function rows(path: string, body?: unknown): Promise<Row[]> {
  const res = await call(svc.url, path, body === undefined ? {} : { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Row[];
}

async function fieldNames(layer: string, v = CURRENT): Promise<string[]> {
  return (await rows(`/fabric/${v}/fields/${layer}`)).map((f) => f.fieldname as string);
}

/** Fixed coverage figures read back from bdcfixed, to check the record's computed fields. */
async function coverageFigures(locationId: number, vintage: string) {
  const records = await rows(`/coverage/bdcfixed?location_id=${locationId}&vintage=${vintage}`);
  const providers = (pick: (r: Row) => boolean) =>
    new Set(records.filter(pick).map((r) => r.provider_id)).size;
  return {
    max_down_mbps: Math.max(0, ...records.map((r) => r.max_advertised_download_speed as number)),
    max_up_mbps: Math.max(0, ...records.map((r) => r.max_advertised_upload_speed as number)),
    provider_count: providers(() => true),
    fiber_provider_count: providers((r) => r.technology_code === 50),
  };
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe('data records hold every field that fields lists', () => {
  it('locations: the keys of a record are exactly the fields listed', async () => {
    const [record] = await rows(`/fabric/${CURRENT}/data/locations?location_id=${FIRST}`);
    expect(sorted(Object.keys(record!))).toEqual(sorted(await fieldNames('locations')));
  });

  it.each(['parcels', 'footprints'] as const)(
    '%s: a record by uuid holds its fields',
    async (l) => {
      const uuid = areaFeatureUuid(ix, l, VI, 0);
      const [record] = await rows(`/fabric/${CURRENT}/data/${l}?uuid=${uuid}`);
      expect(sorted(Object.keys(record!))).toEqual(sorted(await fieldNames(l)));
      const key = l === 'parcels' ? 'parcel' : 'fp';
      const present = FIXTURE_LOCATIONS.filter((f) => f[key] === 0 && f.presence & (1 << VI));
      expect(record).toEqual({ uuid, location_count: present.length });
      // A uuid of another layer or vintage is no record of this one.
      const other = areaFeatureUuid(ix, l, VI - 1, 0);
      expect(await rows(`/fabric/${CURRENT}/data/${l}?uuid=${other}`)).toEqual([]);
    },
  );

  it.each(['202406', '202412'])(
    'computed fields come from the coverage of the same vintage (%s)',
    async (vintage) => {
      // The second fixture location gains fiber in 202412: underserved before, served after.
      const [record] = await rows(`/fabric/${vintage}/data/locations?location_id=${SECOND}`);
      expect(record).toMatchObject(await coverageFigures(SECOND!, vintage));
      expect(record!.served_status).toBe(vintage === '202406' ? 'underserved' : 'served');
      expect(record).toMatchObject({ state_abbr: 'IL' });
      expect(record!.h3_res8_id).toMatch(/^88[0-9a-f]{13}$/);
    },
  );
});

describe('bulk', () => {
  const bulk = (query: string, body: unknown, layer = 'locations') =>
    call(svc.url, `/fabric/${CURRENT}/bulk/${layer}?field=${query}`, { body });

  it("takes the official client's bare array of uuids and returns each field asked", async () => {
    const ids = FIXTURE_LOCATIONS.slice(0, 3).map((l) => l.id);
    const full = await rows(`/fabric/${CURRENT}/bulk/locations?field=uuid`, ids);
    const uuids = full.map((r) => r.uuid as string);
    const asked = ['served_status', 'max_down_mbps', 'h3_res8_id', 'zip', 'provider_count'];
    const res = await call(svc.url, `/fabric/${CURRENT}/bulk/locations?field=${asked.join(',')}`, {
      headers: { apikey: TOKEN },
      noAuth: true,
      raw: JSON.stringify(uuids),
      method: 'POST',
    });
    expect(res.status).toBe(200);
    const records = res.body as Row[];
    expect(records.map((r) => r.uuid)).toEqual(uuids);
    for (const [i, r] of records.entries()) {
      expect(sorted(Object.keys(r))).toEqual(sorted(['uuid', ...asked]));
      const [whole] = await rows(`/fabric/${CURRENT}/data/locations?location_id=${ids[i]}`);
      for (const f of asked) expect(r[f], f).toEqual(whole![f]);
    }
  });

  it('takes a bare array of location_ids, skipping unknown ones', async () => {
    const records = await rows(`/fabric/${CURRENT}/bulk/locations?field=city`, [
      SECOND,
      1999999999,
      FIRST,
    ]);
    expect(records).toEqual([
      { location_id: SECOND, city: 'SPRINGFIELD' },
      { location_id: FIRST, city: 'SPRINGFIELD' },
    ]);
  });

  it('answers parcels by a bare array of uuids, restricted to the fields asked', async () => {
    const uuids = [0, 1].map((p) => areaFeatureUuid(ix, 'parcels', VI, p));
    const records = await rows(`/fabric/${CURRENT}/bulk/parcels?field=location_count`, uuids);
    expect(records.map((r) => sorted(Object.keys(r)))).toEqual([
      ['location_count', 'uuid'],
      ['location_count', 'uuid'],
    ]);
    expect(records.map((r) => r.uuid)).toEqual(uuids);
  });

  it.each(['parcels', 'footprints'])(
    'answers every %s uuid collect3 finds, with its location count',
    async (layer) => {
      const [west, south] = fixtureLngLat(-2000, -2000);
      const [east, north] = fixtureLngLat(5000, 3000);
      const area = {
        type: 'Polygon',
        coordinates: [
          [
            [west, south],
            [east, south],
            [east, north],
            [west, north],
            [west, south],
          ],
        ],
      };
      const found = await call(svc.url, `/fabric/${CURRENT}/collect3/${layer}`, { body: area });
      expect(found.status).toBe(200);
      const uuids = (found.body as { data: string[] }).data;
      expect(uuids.length).toBeGreaterThan(0);
      const records = await rows(`/fabric/${CURRENT}/bulk/${layer}?field=location_count`, uuids);
      expect(records.map((r) => r.uuid)).toEqual(uuids);
      const key = layer === 'parcels' ? 'parcel' : 'fp';
      const present = FIXTURE_LOCATIONS.filter((l) => l[key] >= 0 && l.presence & (1 << VI));
      const total = records.reduce((n, r) => n + (r.location_count as number), 0);
      expect(total).toBe(present.length);
    },
  );

  it.each([
    ['a mixed array', 'city', [FIRST, 'a-uuid'], ['only uuids (strings) or only location_ids']],
    ['an array past 1000 ids', 'city', Array.from({ length: 1001 }, (_, i) => i + 1), ['1000']],
    ['an empty array', 'city', [], ['at least 1']],
    ['a non-id in the array', 'city', [FIRST, 1.5], ['body[1]', 'uuid (string) or a location_id']],
    ['a field no record holds', 'city,speed', [FIRST], ['field speed']],
    ['past 10 fields', 'a,b,c,d,e,f,g,h,i,j,k', [FIRST], ['field', '10']],
    ['a bare number body', 'city', 5, ['array of ids or an object']],
  ])('refuses %s with a 400 naming the rule', async (_name, fields, body, mentions) => {
    const res = await bulk(fields, body);
    const error = errorOf(res.body);
    expect({ status: res.status, code: error.code }).toEqual({
      status: 400,
      code: 'invalid_parameter',
    });
    for (const m of mentions) expect(error.message).toContain(m);
  });

  it('refuses location_ids on parcels, in bulk and in data', async () => {
    const res = await bulk('location_count', [FIRST], 'parcels');
    expect(res.status).toBe(400);
    expect(errorOf(res.body).message).toContain('parcels layer is asked by uuid only');
    const data = await call(svc.url, `/fabric/${CURRENT}/data/footprints?location_id=${FIRST}`);
    expect(data.status).toBe(400);
    expect(errorOf(data.body).message).toContain('footprints layer is asked by uuid only');
  });
});
