// Match and locate answers as docs/REAL-API.md, "Published answers", describes them (its guide
// gives the fields, not a sample), the seed's forms, and the app server's health answer carrying
// either dialect.
import { describe, expect, it } from 'vitest';
import { healthSchema } from './health-schema';
import { locateRecordsSchema, matchResponseSchema } from './schemas';
import { PUBLISHED_VINTAGES } from './testing/published-samples';

// Every field the published guide names, in its order; the values are the demo's.
const PUBLISHED_MATCH = {
  text: '1 Oak St, Springfield, IL 62704',
  parsed: {
    city: 'springfield',
    road: 'oak st',
    state: 'il',
    postcode: '62704',
    house_number: '1',
  },
  locations: [
    {
      matchrank: 1,
      zip: '62704',
      city: 'SPRINGFIELD',
      uuid: '5f0c2b8e-0000-4000-8000-000000000001',
      state: 'IL',
      address: '1 OAK ST',
      latitude: 39.78,
      longitude: -89.65,
      similarity: 1,
      zip_suffix: null,
      location_id: 1340212543,
    },
  ],
  matchtype: 'F',
  alternates: null,
  ruleversion: '3',
};

describe('match answers', () => {
  it('reads the published fields and derives matchcount from the locations', () => {
    const r = matchResponseSchema.parse({ ...PUBLISHED_MATCH, sourcekey: 'row-17' });
    expect(r).toMatchObject({
      matchcount: 1,
      matchtype: 'F',
      alternates: null,
      ruleversion: '3',
      sourcekey: 'row-17',
      parsed: { house_number: '1', road: 'oak st', postcode: '62704' },
    });
    expect(r.locations[0]).toMatchObject({
      location_id: 1340212543,
      zip_suffix: '',
      similarity: 1,
    });
  });

  it('keeps a matchcount that is sent, a list of alternates, a numeric ruleversion, a partial code', () => {
    const r = matchResponseSchema.parse({
      ...PUBLISHED_MATCH,
      matchcount: '3',
      matchtype: 'P',
      alternates: [{ address: '1 OAK CT' }],
      ruleversion: 3,
    });
    expect(r).toMatchObject({ matchcount: 3, matchtype: 'P', ruleversion: '3' });
    expect(r.alternates).toEqual([{ address: '1 OAK CT' }]);
  });

  it('reads the seed form without the published extras, and ignores unknown fields', () => {
    const r = matchResponseSchema.parse({
      text: 'nowhere',
      parsed: { road: null, unit: null },
      matchcount: 0,
      locations: [],
      elapsedms: 4,
    });
    expect(r).toEqual({
      text: 'nowhere',
      parsed: { road: null, unit: null },
      matchcount: 0,
      matchtype: null,
      alternates: null,
      ruleversion: null,
      sourcekey: null,
      locations: [],
    });
  });

  it('refuses alternates that are neither null nor a list', () => {
    expect(matchResponseSchema.safeParse({ ...PUBLISHED_MATCH, alternates: 'none' }).success).toBe(
      false,
    );
  });
});

describe('locate records', () => {
  const record = {
    latitude: 39.78,
    longitude: -89.65,
    location_id: 1340212543,
    distancem: 0,
    matchtype: 'FootprintParcel',
  };

  it('reads a sourcekey as text or null, and ignores unknown fields such as h3', () => {
    const [keyed, bare] = locateRecordsSchema.parse([
      { ...record, sourcekey: 'p-1', h3: '842664dffffffff' },
      { ...record, sourcekey: null },
    ]);
    expect(keyed.sourcekey).toBe('p-1');
    expect(keyed).not.toHaveProperty('h3');
    expect(bare.sourcekey).toBeNull();
  });
});

describe('health', () => {
  const health = {
    backend: 'service.example.org',
    label: 'Live service',
    coverageVintages: ['202412'],
    version: '0.1.0',
  };

  it('reads the backend vintages in the published dialect, the seed one, or as names', () => {
    const published = { vintage: '202406', cqaversion: '9', ntiaversion: null };
    const seed = { vintage: '202412', svcversion: 10, vintagename: 'december2024' };
    const answers = [JSON.parse(PUBLISHED_VINTAGES), [published, seed], ['202406', '202412']];
    for (const fabricVintages of answers) {
      expect(healthSchema.parse({ ...health, fabricVintages }).fabricVintages).toEqual([
        '202406',
        '202412',
      ]);
    }
  });

  it('refuses a vintage record without a YYYYMM vintage', () => {
    const fabricVintages = [{ cqaversion: '9', vintagename: 'june2024' }];
    expect(healthSchema.safeParse({ ...health, fabricVintages }).success).toBe(false);
  });
});
