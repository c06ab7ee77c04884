// SERVICE_DIALECT over real HTTP: vintages, layers, fields and history in each dialect, parsed
// with that dialect's strict schema, with no name of the other dialect anywhere in the answer
// or in the OpenAPI document, so a client that depends on either set of names fails a test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DIALECTS, dialectFromEnv, type Dialect } from '../../contract/dialect';
import { fabricVintageSchema, fieldDefSchema, layersSchema } from '../../contract/schemas/fabric';
import { historyRecordSchema } from '../../contract/schemas/fabricext';
import { FIXTURE_LOCATIONS } from '../testing/fixture-fabric';
import { CURRENT, call, startService, type RunningService } from './harness';

const SEED_ONLY = ['svcversion', 'firstsvcversion', 'lastsvcversion'];
const PUBLISHED_ONLY = ['cqaversion', 'firstcqaversion', 'lastcqaversion', 'layername'];
const FIELD_EXTRAS = ['format', 'datalevel'];

/** Every object key anywhere in a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  }
  return into;
}

describe('dialectFromEnv', () => {
  it('defaults to both and reads each dialect', () => {
    expect(dialectFromEnv(undefined)).toBe('both');
    expect(dialectFromEnv('')).toBe('both');
    for (const d of DIALECTS) expect(dialectFromEnv(d)).toBe(d);
    expect(dialectFromEnv(' Published ')).toBe('published');
  });

  it('refuses anything else, naming the allowed values', () => {
    expect(() => dialectFromEnv('real')).toThrow(
      'SERVICE_DIALECT must be one of published, seed, both, got "real"',
    );
  });
});

describe.each(DIALECTS)('the %s dialect', (dialect: Dialect) => {
  let svc: RunningService;
  const answers: Record<string, unknown> = {};
  beforeAll(async () => {
    svc = await startService({ dialect });
    for (const [name, path] of [
      ['vintages', '/fabric/vintages'],
      ['layers', '/fabric/layers'],
      ['fields', `/fabric/${CURRENT}/fields/locations`],
      ['history', `/fabricext/${CURRENT}/history?location_id=${FIXTURE_LOCATIONS[6].id}`],
    ] as const) {
      const res = await call(svc.url, path);
      expect(res.status, path).toBe(200);
      answers[name] = res.body;
    }
  });
  afterAll(async () => {
    expect(svc.logged).toEqual([]);
    await svc.close();
  });

  it('answers vintages with its version names (cqaversion as text)', () => {
    const vintages = z.array(fabricVintageSchema(dialect).strict()).parse(answers.vintages);
    const [first] = vintages as Record<string, unknown>[];
    if (dialect !== 'seed') expect(first!.cqaversion).toBe('7');
    if (dialect !== 'published') expect(first!.svcversion).toBe(7);
    expect(vintages.map((v) => v.vintagename)).toEqual([
      'june2023',
      'dec2023',
      'june2024',
      'dec2024',
      'june2025',
    ]);
    expect(vintages.map((v) => v.ntiaversion)).toEqual(['3_1', '4_1', '5_1', null, null]);
  });

  it('answers layers as objects (published, both) or names (seed)', () => {
    const layers = layersSchema(dialect).parse(answers.layers);
    const names = layers.map((l) => (typeof l === 'string' ? l : l.layername));
    expect(names).toEqual(['locations', 'parcels', 'footprints']);
    expect(layers.every((l) => typeof l === 'string')).toBe(dialect === 'seed');
  });

  it('answers field records with its fieldtype names, format and datalevel as published', () => {
    const fields = z.array(fieldDefSchema(dialect).strict()).parse(answers.fields);
    const byName = new Map(fields.map((f) => [f.fieldname, f as Record<string, unknown>]));
    const types = new Set(fields.map((f) => f.fieldtype));
    if (dialect === 'seed') {
      expect(types).toEqual(new Set(['integer', 'number', 'text']));
      return;
    }
    expect(types).toEqual(new Set(['int', 'float', 'text']));
    expect(byName.get('location_id')).toMatchObject({ fieldtype: 'int', format: 'f"{n:d}"' });
    expect(byName.get('latitude')).toMatchObject({ fieldtype: 'float', format: 'f"{n:.7f}"' });
    expect(byName.get('unit_count')).toMatchObject({ datalevel: 10 });
    for (const f of ['served_status', 'max_down_mbps', 'fiber_provider_count'])
      expect(byName.get(f), f).toMatchObject({ datalevel: 20 });
  });

  it('answers history with its version names', () => {
    const [record] = z.array(historyRecordSchema(dialect).strict()).parse(answers.history);
    const r = record as Record<string, unknown>;
    if (dialect !== 'seed') expect([r.firstcqaversion, r.lastcqaversion]).toEqual([7, 9]);
    if (dialect !== 'published') expect([r.firstsvcversion, r.lastsvcversion]).toEqual([7, 9]);
  });

  it("carries no name of the other dialect in any answer or in /openapi.json's shapes", async () => {
    const doc = await call(svc.url, '/openapi.json', { noAuth: true });
    const schemas = (doc.body as { components: { schemas: Record<string, unknown> } }).components
      .schemas;
    const used = keysOf(answers);
    const documented = keysOf(
      ['FabricVintage', 'Layer', 'FieldDef', 'HistoryRecord'].map((n) => schemas[n] ?? {}),
    );
    const absent =
      dialect === 'published'
        ? SEED_ONLY
        : dialect === 'seed'
          ? [...PUBLISHED_ONLY, ...FIELD_EXTRAS]
          : [];
    const present =
      dialect === 'both'
        ? [...SEED_ONLY, ...PUBLISHED_ONLY, ...FIELD_EXTRAS]
        : dialect === 'seed'
          ? SEED_ONLY
          : [...PUBLISHED_ONLY, ...FIELD_EXTRAS];
    for (const name of absent) {
      expect(used.has(name), `${name} answered`).toBe(false);
      expect(documented.has(name), `${name} documented`).toBe(false);
    }
    for (const name of present) {
      expect(used.has(name), `${name} answered`).toBe(true);
      expect(documented.has(name), `${name} documented`).toBe(true);
    }
  });
});
