// Tolerance of the variations a real service may send (docs/REAL-API.md, "What follows for this
// project"), without network.
import { describe, expect, it } from 'vitest';
import { mobileRecordSchema, fixedRecordSchema } from '../../shared/coverage-schemas';
import { healthSchema } from './health-schema';
import {
  fieldDefSchema,
  historyRecordSchema,
  locateRecordSchema,
  locationRecordSchema,
  summarizeResponseSchema,
} from './schemas';

const mobile = {
  h3_res9_id: '892664c1a3bffff',
  frn: '0001234567',
  providerid: 130077,
  brandname: 'Demo Wireless',
  technology: 5,
  mindown: 35,
  minup: 3,
  minsignal: -100,
  environment: 0,
};

describe('mobile records', () => {
  it('keeps technology 3/4/5 and maps 300/400/500 onto it', () => {
    for (const [sent, kept] of [
      [3, 3],
      [4, 4],
      [5, 5],
      [300, 3],
      [400, 4],
      [500, 5],
    ]) {
      expect(mobileRecordSchema.parse({ ...mobile, technology: sent }).technology).toBe(kept);
    }
  });

  it('refuses a technology that is no mobile generation', () => {
    expect(mobileRecordSchema.safeParse({ ...mobile, technology: 350 }).success).toBe(false);
  });

  it('reads numeric strings and keeps 3G fractional tiers', () => {
    const r = mobileRecordSchema.parse({
      ...mobile,
      technology: '300',
      mindown: '0.2',
      minup: 0.05,
      minsignal: '-105',
      environment: '1',
    });
    expect(r).toMatchObject({
      technology: 3,
      mindown: 0.2,
      minup: 0.05,
      minsignal: -105,
      environment: 1,
    });
  });

  it('pads an FRN sent as a number back to 10 digits', () => {
    expect(mobileRecordSchema.parse({ ...mobile, frn: 1234567 }).frn).toBe('0001234567');
  });
});

describe('history records', () => {
  const base = { location_id: 1000000001, firstsvcversion: 7, lastsvcversion: 9 };
  const parsed = { location_id: 1000000001, firstversion: 7, lastversion: 9 };

  it('reads firstcqaversion/lastcqaversion into the same release numbers as the svc names', () => {
    const r = historyRecordSchema.parse({
      location_id: 1000000001,
      firstcqaversion: 7,
      lastcqaversion: 9,
      re_location_id: 1000000002,
    });
    expect(r).toEqual({ ...parsed, re_location_id: 1000000002 });
    expect(historyRecordSchema.parse(base)).toEqual({ ...parsed, re_location_id: null });
  });

  it('reads an absent, null, empty or zero re_location_id as none', () => {
    expect(historyRecordSchema.parse(base).re_location_id).toBeNull();
    for (const none of [null, '', 0]) {
      expect(
        historyRecordSchema.parse({ ...base, re_location_id: none }).re_location_id,
      ).toBeNull();
    }
  });

  it('accepts ids and versions as numeric strings', () => {
    expect(
      historyRecordSchema.parse({
        location_id: '1000000001',
        firstsvcversion: '7',
        lastsvcversion: '9',
        re_location_id: '1000000002',
      }),
    ).toEqual({ ...parsed, re_location_id: 1000000002 });
  });

  it('refuses a record without versions', () => {
    expect(historyRecordSchema.safeParse({ location_id: 1 }).success).toBe(false);
  });
});

describe('fixed records', () => {
  const fixed = {
    location_id: '1000000001',
    provider_id: 130077,
    frn: '0001234567',
    brand_name: 'Demo Fiber',
    technology_code: 50,
    max_advertised_download_speed: 1000,
    max_advertised_upload_speed: 1000,
    low_latency: 1,
    business_residential_code: 'X',
    coverage: 1,
  };

  it('keeps location_id as text even when sent as a number', () => {
    expect(fixedRecordSchema.parse({ ...fixed, location_id: 1000000001 }).location_id).toBe(
      '1000000001',
    );
  });

  it('accepts speeds as strings and low_latency as a boolean', () => {
    const r = fixedRecordSchema.parse({
      ...fixed,
      max_advertised_download_speed: '100',
      low_latency: true,
    });
    expect(r.max_advertised_download_speed).toBe(100);
    expect(r.low_latency).toBe(1);
  });

  it('refuses an unknown business_residential_code', () => {
    expect(fixedRecordSchema.safeParse({ ...fixed, business_residential_code: 'Q' }).success).toBe(
      false,
    );
  });
});

describe('fabric and extension records', () => {
  it('fills missing definition and categories of a field', () => {
    expect(
      fieldDefSchema.parse({
        fieldname: 'bsl_flag',
        fieldtype: 'integer',
        discrete: true,
        reportable: '1',
        listorder: 2,
      }),
    ).toMatchObject({ discrete: 1, reportable: 1, definition: '', categories: null });
  });

  it('reads a location with a null zip_suffix and numeric geoids', () => {
    const r = locationRecordSchema.parse({
      location_id: 1000000001,
      uuid: 'u',
      address_primary: '1 OAK ST',
      city: 'SPRINGFIELD',
      state: 'IL',
      zip: 62704,
      zip_suffix: null,
      unit_count: 1,
      bsl_flag: 1,
      building_type_code: 'R',
      land_use_code: 1,
      county_geoid: '17167',
      block_geoid: '171670001001000',
      h3_res9_id: '892664c1a3bffff',
      latitude: '39.78',
      longitude: -89.65,
    });
    expect(r).toMatchObject({ zip: '62704', zip_suffix: '', land_use_code: '1', latitude: 39.78 });
  });

  it('refuses a locate record with an unknown matchtype', () => {
    const locate = { latitude: 1, longitude: 2, location_id: 1000000001, distancem: 3 };
    expect(locateRecordSchema.parse({ ...locate, matchtype: 'Parcel' }).sourcekey).toBeNull();
    expect(locateRecordSchema.safeParse({ ...locate, matchtype: 'Guess' }).success).toBe(false);
  });

  it('keeps summary rows as sent, with string group values and numeric measures', () => {
    const r = summarizeResponseSchema.parse({
      data: [{ locationcount: 2, building_type_code: 'R', unit_count_avg: 1.5, unit_count_sum: 3 }],
      maxcount: '50000',
      locationcount: 2,
    });
    expect(r.maxcount).toBe(50000);
    expect(r.data[0]).toEqual({
      locationcount: 2,
      building_type_code: 'R',
      unit_count_avg: 1.5,
      unit_count_sum: 3,
    });
  });

  it('rejects a non-numeric string where a number belongs', () => {
    expect(
      summarizeResponseSchema.safeParse({ data: [], maxcount: 'lots', locationcount: 0 }).success,
    ).toBe(false);
  });
});

describe('health', () => {
  it('accepts vintages as strings or vintage records', () => {
    const h = healthSchema.parse({
      backend: 'embedded',
      label: 'Demo data (synthetic)',
      fabricVintages: ['202406', { vintage: '202412', svcversion: 10 }],
      coverageVintages: ['202412'],
      version: '0.1.0',
    });
    expect(h.fabricVintages).toEqual(['202406', '202412']);
  });
});
