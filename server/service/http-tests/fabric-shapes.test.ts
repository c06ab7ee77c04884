// Base fabric operations over real HTTP: each success body parsed with the zod schema the
// OpenAPI document is generated from (strict, so an extra or misnamed member fails too).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BulkRecordSchema,
  fabricVintageSchema,
  fieldDefSchema,
  layersSchema,
  LocationRecordSchema,
} from '../../contract/schemas/fabric';
import { FIXTURE_LOCATIONS, FIXTURE_ORIGIN, FIXTURE_VINTAGES } from '../testing/fixture-fabric';
import { CURRENT, call, serviceForFile } from './harness';

const svc = serviceForFile();

const ID = FIXTURE_LOCATIONS[0].id;

describe('fabric operations', () => {
  it('GET /fabric/vintages lists the vintages ascending with both version names', async () => {
    const res = await call(svc.url, '/fabric/vintages');
    expect(res.status).toBe(200);
    const vintages: Record<string, unknown>[] = z
      .array(fabricVintageSchema('both').strict())
      .parse(res.body);
    expect(vintages.map((v) => v.vintage)).toEqual(FIXTURE_VINTAGES);
    expect(vintages.map((v) => v.svcversion)).toEqual([7, 8, 9, 10, 11]);
    expect(vintages.map((v) => v.cqaversion)).toEqual(['7', '8', '9', '10', '11']);
    expect(vintages[2]).toMatchObject({ vintagename: 'june2024', ntiaversion: '5_1' });
    expect(vintages[3]).toMatchObject({ vintagename: 'dec2024', ntiaversion: null });
  });

  it('GET /fabric/layers names the three layers as published', async () => {
    const res = await call(svc.url, '/fabric/layers');
    expect(res.status).toBe(200);
    expect(layersSchema('both').parse(res.body)).toEqual([
      { layername: 'locations' },
      { layername: 'parcels' },
      { layername: 'footprints' },
    ]);
  });

  it('GET /fabric/{v}/fields/locations offers the reportable fields of docs/SERVICE.md', async () => {
    const res = await call(svc.url, `/fabric/${CURRENT}/fields/locations`);
    expect(res.status).toBe(200);
    const fields = z.array(fieldDefSchema('both').strict()).parse(res.body);
    const reportable = fields.filter((f) => f.reportable === 1).map((f) => f.fieldname);
    for (const name of [
      'state_abbr',
      'county_geoid',
      'bsl_flag',
      'building_type_code',
      'land_use_code',
      'h3_res8_id',
      'served_status',
      'unit_count',
      'max_down_mbps',
      'max_up_mbps',
      'provider_count',
      'fiber_provider_count',
    ]) {
      expect(reportable).toContain(name);
    }
    for (const f of fields) if (f.discrete === 1) expect(f.categories).toBeNull();
    const notReportable = fields.filter((f) => f.reportable === 0).map((f) => f.fieldname);
    expect(notReportable).toEqual(
      expect.arrayContaining(['address_primary', 'latitude', 'longitude', 'uuid']),
    );
  });

  it.each(['parcels', 'footprints'])(
    'GET /fabric/{v}/fields/%s answers field definitions',
    async (layer) => {
      const res = await call(svc.url, `/fabric/${CURRENT}/fields/${layer}`);
      expect(res.status).toBe(200);
      z.array(fieldDefSchema('both').strict()).parse(res.body);
    },
  );

  it('GET /fabric/{v}/data/locations finds a record by location_id and by uuid', async () => {
    const byId = await call(svc.url, `/fabric/${CURRENT}/data/locations?location_id=${ID}`);
    expect(byId.status).toBe(200);
    const [record] = z.array(LocationRecordSchema.strict()).length(1).parse(byId.body);
    expect(record!.location_id).toBe(ID);
    expect(Math.abs(record!.latitude - FIXTURE_ORIGIN.lat)).toBeLessThan(0.01);
    const byUuid = await call(svc.url, `/fabric/${CURRENT}/data/locations?uuid=${record!.uuid}`);
    expect(byUuid.status).toBe(200);
    expect(byUuid.body).toEqual([record]);
  });

  it('GET /fabric/{v}/data/locations answers [] for an unknown id', async () => {
    const res = await call(svc.url, `/fabric/${CURRENT}/data/locations?location_id=1999999999`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('POST /fabric/{v}/bulk/locations restricts records to the fields plus the id', async () => {
    const ids = FIXTURE_LOCATIONS.slice(0, 3).map((l) => l.id);
    const res = await call(
      svc.url,
      `/fabric/${CURRENT}/bulk/locations?field=address_primary,unit_count`,
      {
        body: { location_id: ids },
      },
    );
    expect(res.status).toBe(200);
    const records = z.array(BulkRecordSchema.strict()).parse(res.body);
    expect(records.map((r) => r.location_id).sort()).toEqual(ids);
    for (const r of records)
      expect(Object.keys(r).sort()).toEqual(['address_primary', 'location_id', 'unit_count']);
  });

  it('POST /fabric/{v}/bulk/locations accepts uuids', async () => {
    const one = await call(svc.url, `/fabric/${CURRENT}/data/locations?location_id=${ID}`);
    const uuid = (one.body as { uuid: string }[])[0]!.uuid;
    const res = await call(svc.url, `/fabric/${CURRENT}/bulk/locations?field=city`, {
      body: { uuid: [uuid] },
    });
    expect(res.status).toBe(200);
    const [record] = z.array(BulkRecordSchema.strict()).length(1).parse(res.body);
    expect(record!.uuid).toBe(uuid);
    expect(record!.city).toBeTypeOf('string');
  });
});
