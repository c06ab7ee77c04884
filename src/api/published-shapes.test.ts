// The real service's published answers (docs/REAL-API.md, "Published answers", samples copied
// verbatim) and the seed's own forms, fed to each schema: the app must read both dialects, ignore
// fields it does not know, and refuse a record that carries no release number at all.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from '../../shared/zod';
import { isApiError } from './api-error';
import { getFabricVintages } from './fabric';
import { fabricVintagesSchema, fieldsSchema, historyRecordsSchema, layersSchema } from './schemas';
import {
  PUBLISHED_FIELDS,
  PUBLISHED_HISTORY,
  PUBLISHED_LAYERS,
  PUBLISHED_VINTAGES,
} from './testing/published-samples';

/** The problems a schema reports, as one text (what the app shows as details.problem). */
function problems(schema: z.core.$ZodType, value: unknown): string {
  const result = z.safeParse(schema, value);
  expect(result.success).toBe(false);
  return result.success ? '' : z.prettifyError(result.error);
}

describe('fabric vintages', () => {
  it('reads the published answer: cqaversion as text, ntiaversion or null, dec2024', () => {
    expect(fabricVintagesSchema.parse(JSON.parse(PUBLISHED_VINTAGES))).toEqual([
      {
        vintage: '202406',
        version: 9,
        fccrelease: '06302024',
        fccversion: '5',
        ntiaversion: '5_1',
        vintagename: 'june2024',
      },
      {
        vintage: '202412',
        version: 10,
        fccrelease: '12012024',
        fccversion: '6',
        ntiaversion: null,
        vintagename: 'dec2024',
      },
    ]);
  });

  const seed = {
    vintage: '202406',
    svcversion: 9,
    fccversion: '5',
    fccrelease: '06302024',
    vintagename: 'june2024',
  };

  it('reads the seed form, both names together, and ignores unknown fields', () => {
    const [fromSeed, fromBoth] = fabricVintagesSchema.parse([
      seed,
      { ...seed, cqaversion: '9', ntiaversion: '5_1', releasedate: '2024-06-30', extra: { a: 1 } },
    ]);
    expect(fromSeed).toMatchObject({ vintage: '202406', version: 9, ntiaversion: null });
    expect(fromBoth).toMatchObject({ version: 9, ntiaversion: '5_1' });
    expect(fromBoth).not.toHaveProperty('releasedate');
  });

  it('refuses a vintage with neither version name, naming both', () => {
    const { svcversion: _, ...neither } = seed;
    expect(problems(fabricVintagesSchema, [neither])).toMatch(/needs cqaversion or svcversion/);
  });

  it('refuses a vintage whose two version names disagree', () => {
    expect(problems(fabricVintagesSchema, [{ ...seed, cqaversion: '10' }])).toMatch(
      /cqaversion 10 and svcversion 9 disagree/,
    );
  });

  it('reports the missing version through the client as a bad answer that names it', async () => {
    const { svcversion: _, ...neither } = seed;
    vi.stubGlobal('fetch', async () => Response.json([neither]));
    const error: unknown = await getFabricVintages().catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('bad_response');
    expect(isApiError(error) && String(error.details?.problem)).toMatch(
      /needs cqaversion or svcversion/,
    );
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fabric layers', () => {
  it('reads the published objects, the seed strings and a mix, as names', () => {
    const names = ['locations', 'parcels', 'footprints'];
    expect(layersSchema.parse(JSON.parse(PUBLISHED_LAYERS))).toEqual(names);
    expect(layersSchema.parse(names)).toEqual(names);
    expect(layersSchema.parse(['locations', { layername: 'parcels', srid: 4326 }])).toEqual([
      'locations',
      'parcels',
    ]);
  });

  it('refuses a layer object without its name', () => {
    expect(problems(layersSchema, [{ name: 'locations' }])).toMatch(/layername/);
  });
});

describe('field records', () => {
  it('reads the published record: short fieldtype, format, no reportable (taken as 1)', () => {
    expect(fieldsSchema.parse(JSON.parse(PUBLISHED_FIELDS))).toEqual([
      {
        fieldname: 'location_id',
        fieldtype: 'int',
        discrete: 0,
        reportable: 1,
        listorder: 1,
        datalevel: null,
        format: 'f"{n:d}"',
        definition: 'FCC Unique ID for the fabric location. ...',
        categories: null,
      },
    ]);
  });

  it("keeps datalevel, any fieldtype name, the seed's reportable 0, and ignores unknown fields", () => {
    const [published, seed] = fieldsSchema.parse([
      { ...JSON.parse(PUBLISHED_FIELDS)[0], datalevel: 2, fieldtype: 'float', units: 'n' },
      { fieldname: 'latitude', fieldtype: 'number', discrete: 0, reportable: 0, listorder: 15 },
    ]);
    expect(published).toMatchObject({ datalevel: 2, fieldtype: 'float', reportable: 1 });
    expect(published).not.toHaveProperty('units');
    expect(seed).toMatchObject({
      fieldtype: 'number',
      reportable: 0,
      datalevel: null,
      format: null,
    });
  });
});

describe('history records', () => {
  it('reads the published record with the cqaversion pair', () => {
    expect(historyRecordsSchema.parse(JSON.parse(PUBLISHED_HISTORY))).toEqual([
      { location_id: 1340212543, firstversion: 5, lastversion: 9, re_location_id: null },
    ]);
  });

  it('reads the seed pair, numeric strings, both pairs at once, and unknown fields', () => {
    const seed = { location_id: 1340212543, firstsvcversion: 5, lastsvcversion: 9 };
    const read = historyRecordsSchema.parse([
      seed,
      { location_id: '1340212543', firstcqaversion: '5', lastcqaversion: '9' },
      { ...seed, firstcqaversion: 5, lastcqaversion: '9', note: 'moved' },
    ]);
    for (const r of read) expect(r).toMatchObject({ firstversion: 5, lastversion: 9 });
    expect(read[2]).not.toHaveProperty('note');
  });

  it('refuses a record without its versions, naming the fields', () => {
    const message = problems(historyRecordsSchema, [
      { location_id: 1340212543, lastcqaversion: 9 },
    ]);
    expect(message).toMatch(/needs firstcqaversion or firstsvcversion/);
    expect(message).not.toMatch(/lastcqaversion/);
  });
});
