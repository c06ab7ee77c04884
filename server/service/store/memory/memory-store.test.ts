import { describe, expect, it } from 'vitest';
import {
  buildFixtureFabric,
  fixtureLngLat,
  fixtureMobileCells,
} from '../../testing/fixture-fabric';
import { locateOptions } from '../../../contract/schemas/locate';
import { MAXCOUNT } from '../contract';
import { createMemoryStore } from './memory-store';

const store = createMemoryStore(buildFixtureFabric());
const V = '202506';

describe('memory store', () => {
  it('lists vintages, layers and coverage vintages ascending', async () => {
    expect((await store.fabricVintages()).map((v) => v.vintage)).toEqual([
      '202306',
      '202312',
      '202406',
      '202412',
      '202506',
    ]);
    expect((await store.fabricVintages())[4]).toMatchObject({ svcversion: 11, fccversion: '7' });
    expect(await store.coverageVintages()).toEqual([
      '202306',
      '202312',
      '202406',
      '202412',
      '202506',
    ]);
    expect(await store.layers()).toEqual(['locations', 'parcels', 'footprints']);
    expect(MAXCOUNT).toBe(50_000);
  });

  it('answers data by location_id and by the same vintage uuid only', async () => {
    const [rec] = await store.locationData(V, { location_id: 1000000013 });
    expect(rec).toMatchObject({
      address_primary: '305 S MAIN ST',
      city: 'SPRINGFIELD',
      zip: '62704',
      unit_count: 3,
    });
    expect(await store.locationData(V, { uuid: rec.uuid })).toEqual([rec]);
    expect(await store.locationData('202406', { uuid: rec.uuid })).toEqual([]);
    expect(await store.locationData(V, { location_id: 1000000008 })).toEqual([]); // retired
  });

  it('bulk keeps the asked fields plus the id, skipping unknown ids', async () => {
    const rows = await store.bulkLocations(V, { location_id: [1000000001, 42, 1000000005] }, [
      'zip',
      'city',
    ]);
    expect(rows).toEqual([
      { location_id: 1000000001, city: 'SPRINGFIELD', zip: '62704' },
      { location_id: 1000000005, city: 'CHATHAM', zip: '62629' },
    ]);
  });

  it('wires locate, match, history, translate, summarize, coverage and tiles', async () => {
    const [lng, lat] = fixtureLngLat(15, 25);
    const point = { latitude: lat, longitude: lng, sourcekey: 'k1' };
    expect((await store.locate(V, point, locateOptions({})))[0]).toMatchObject({
      matchtype: 'FootprintParcel',
      sourcekey: 'k1',
    });
    expect(
      (await store.match(V, { text: '305 S Main St, Springfield IL' }, 1, null)).locations[0]
        .location_id,
    ).toBe(1000000013);
    expect((await store.history(V, 1000000007))[0].re_location_id).toBe(1000000001);
    const [t] = await store.translate(V, 'location_id', 'uuid', '1000000002');
    expect(await store.translate(V, 'uuid', 'location_id', t.uuid)).toEqual([t]);
    const box = [
      fixtureLngLat(-100, -100),
      fixtureLngLat(500, -100),
      fixtureLngLat(500, 300),
      fixtureLngLat(-100, 300),
    ];
    const s = await store.summarize(V, [[[...box, box[0]]]], ['served_status'], false);
    expect(s.ok && s.response.locationcount).toBe(8); // 1-4, 9, 11-13: 7 and 8 are retired
    expect((await store.fixedCoverage(V, [1000000001])).map((r) => r.technology_code)).toEqual([
      50, 60,
    ]);
    expect((await store.fixedCoverage(V, [1000000001]))[0]).toMatchObject({
      location_id: '1000000001',
      frn: '0012345678',
    });
    expect((await store.mobileCoverage(V, fixtureMobileCells())).length).toBeGreaterThan(0);
    expect(await store.tile(V, 15, 8031, 12417)).toBeInstanceOf(Uint8Array);
  });

  it('answers empty for an unknown vintage instead of throwing', async () => {
    expect(await store.locationData('209912', { location_id: 1000000001 })).toEqual([]);
    expect(await store.history('209912', 1000000001)).toEqual([]);
    expect(await store.fixedCoverage('209912', [1000000001])).toEqual([]);
    expect((await store.match('209912', { text: '100 Oak St' }, 1, null)).locations).toEqual([]);
  });

  it('refuses every call once closed, with an error saying so', async () => {
    const closing = createMemoryStore(buildFixtureFabric());
    expect(await closing.layers()).toEqual(['locations', 'parcels', 'footprints']);
    await closing.close();
    await expect(closing.layers()).rejects.toThrow('store is closed');
    await expect(closing.locationData(V, { location_id: 1000000001 })).rejects.toThrow(
      'store is closed',
    );
    await expect(closing.tile(V, 15, 8031, 12417)).rejects.toThrow('store is closed');
    // Other stores over other fabrics are untouched.
    expect(await store.layers()).toEqual(['locations', 'parcels', 'footprints']);
  });
});
