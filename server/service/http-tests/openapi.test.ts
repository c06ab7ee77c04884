// /openapi.json over real HTTP: an OpenAPI 3.1 document listing every operation of docs/SERVICE.md,
// with its parameters, bodies and response schemas (generated from the validating schemas).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../contract/operations';
import { call, startService, type RunningService } from './harness';

let svc: RunningService;
let doc: OpenApiDoc;
beforeAll(async () => {
  svc = await startService();
  const res = await call(svc.url, '/openapi.json', { noAuth: true });
  expect(res.status).toBe(200);
  doc = res.body as OpenApiDoc;
});
afterAll(async () => {
  await svc.close();
});

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  security: unknown[];
}

/** docs/SERVICE.md's operations as the document must name them. */
const EXPECTED: [method: string, path: string, params: string[]][] = [
  ['get', '/fabric/vintages', []],
  ['get', '/fabric/layers', []],
  ['get', '/fabric/{v}/fields/{layer}', ['v', 'layer']],
  ['get', '/fabric/{v}/data/{layer}', ['v', 'layer', 'location_id', 'uuid']],
  ['post', '/fabric/{v}/bulk/{layer}', ['v', 'layer', 'field']],
  ['get', '/fabric/{v}/tiles/{z}/{x}/{y}.pbf', ['v', 'z', 'x', 'y']],
  [
    'get',
    '/fabricext/{v}/match',
    [
      'v',
      'text',
      'house_number',
      'road',
      'unit',
      'city',
      'state',
      'postcode',
      'sourcekey',
      'maxresults',
    ],
  ],
  ['post', '/fabricext/{v}/match', ['v', 'maxresults']],
  ['get', '/fabricext/{v}/history', ['v', 'location_id']],
  [
    'get',
    '/fabricext/{v}/locate',
    [
      'v',
      'latitude',
      'longitude',
      'sourcekey',
      'h3',
      'parceldistancem',
      'neardistancem',
      'parceltolerancem',
      'footprinttolerancem',
      'matchtype',
    ],
  ],
  [
    'post',
    '/fabricext/{v}/locate',
    [
      'v',
      'parceldistancem',
      'neardistancem',
      'parceltolerancem',
      'footprinttolerancem',
      'matchtype',
    ],
  ],
  ['get', '/fabricext/{v}/translate', ['v', 'src', 'dest', 'id']],
  ['get', '/fabricext/{v}/places', ['v', 'q', 'maxresults']],
  [
    'post',
    '/fabricext/{v}/summarize',
    ['v', 'field', 'nocat', 'coverage', 'audience', 'speed', 'tech', 'lowlatency', 'provider'],
  ],
  [
    'post',
    '/fabricext/{v}/report',
    ['v', 'coverage', 'audience', 'speed', 'tech', 'lowlatency', 'provider', 'with', 'withfabric'],
  ],
  ['post', '/fabricext/{v}/count', ['v']],
  ['get', '/fabricext/{v}/providers', ['v', 'q', 'coverage', 'maxresults']],
  ['get', '/coverage/vintages', ['type']],
  ['get', '/coverage/bdcfixed', ['location_id', 'vintage']],
  ['post', '/coverage/bdcfixed', ['vintage']],
  ['get', '/coverage/bdcmobile', ['h3_res9_id', 'vintage']],
  ['post', '/coverage/bdcmobile', ['vintage']],
  ['get', '/coverage/{v}/fixedtiles/{z}/{x}/{y}.pbf', ['v', 'z', 'x', 'y', 'fabric', 'provider']],
  [
    'get',
    '/coverage/{v}/fixedhex/{z}/{x}/{y}.pbf',
    ['v', 'z', 'x', 'y', 'fabric', 'audience', 'speed', 'tech', 'lowlatency', 'provider'],
  ],
  [
    'get',
    '/coverage/{v}/fixedchange/{z}/{x}/{y}.pbf',
    ['v', 'z', 'x', 'y', 'fabric', 'provider', 'with', 'withfabric'],
  ],
  [
    'get',
    '/coverage/{v}/fixedchangehex/{z}/{x}/{y}.pbf',
    [
      'v',
      'z',
      'x',
      'y',
      'fabric',
      'audience',
      'speed',
      'tech',
      'lowlatency',
      'provider',
      'with',
      'withfabric',
    ],
  ],
  ['post', '/fabric/{v}/collect3/{layer}', ['v', 'layer']],
  ['post', '/fabric/{v}/collect2', ['v']],
  ['get', '/accountcontrol/listapis', []],
  ['get', '/accountcontrol/getusage', []],
  ['post', '/geosvc/h3assign', ['res']],
  ['get', '/geosvc/libgetgeo/tiger/2020/{kind}', ['kind', 'id']],
];

/** A concrete path for a templated one, to match against the service's operation table. */
const concrete = (path: string) =>
  path
    .replace('{v}', '202406')
    .replace('{layer}', 'locations')
    .replace('{kind}', 'counties')
    .replace(/\{[xyz]\}/g, '1');

describe('/openapi.json', () => {
  it('is an OpenAPI 3.1 document with both token forms as security schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apikey', 'bearer']);
    expect(doc.security).toEqual([{ bearer: [] }, { apikey: [] }]);
  });

  it.each(EXPECTED)('documents %s %s with its parameters', (method, path, params) => {
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeDefined();
    expect((op!.parameters ?? []).map((p) => p.name).sort()).toEqual([...params].sort());
    for (const p of op!.parameters ?? []) if (p.in === 'path') expect(p.required).toBe(true);
    const ok = op!.responses['200']!;
    expect(ok.content && Object.keys(ok.content).length).toBeGreaterThan(0);
    expect(op!.responses['400']).toBeDefined();
    expect(op!.responses['401']).toBeDefined();
    if (method === 'post')
      expect(op!.requestBody?.content['application/json']?.schema).toBeDefined();
  });

  it('documents exactly the operations the service answers', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m} ${path}`),
    );
    expect(documented.sort()).toEqual(EXPECTED.map(([m, p]) => `${m} ${p}`).sort());
    for (const [method, path] of EXPECTED) {
      const known = OPERATIONS.some(
        (o) => o.method === method.toUpperCase() && o.pattern.test(concrete(path)),
      );
      expect(known, `${method} ${path} is in the operation table`).toBe(true);
    }
    expect(OPERATIONS.length).toBe(EXPECTED.length);
  });

  it("documents the fabric shapes real clients read (the default dialect's names)", () => {
    const props = (name: string) =>
      Object.keys((doc.components.schemas[name] as { properties?: object }).properties ?? {});
    expect(props('FabricVintage')).toEqual(
      expect.arrayContaining(['svcversion', 'cqaversion', 'ntiaversion', 'vintagename']),
    );
    expect(props('Layer')).toEqual(['layername']);
    expect(props('FieldDef')).toEqual(expect.arrayContaining(['format', 'datalevel']));
    expect(props('HistoryRecord')).toEqual(
      expect.arrayContaining(['firstsvcversion', 'firstcqaversion']),
    );
    expect(props('LocationRecord')).toEqual(
      expect.arrayContaining(['served_status', 'max_down_mbps', 'h3_res8_id']),
    );
    // bulk's body: the object form or the official client's bare array of ids.
    const bulk = doc.paths['/fabric/{v}/bulk/{layer}']!.post!;
    expect(JSON.stringify(bulk.requestBody)).toContain('BulkIdList');
    expect(JSON.stringify(bulk.requestBody)).toContain('BulkRequest');
  });

  it('documents the limits as schema bounds and the summarize refusals', () => {
    const locate = doc.paths['/fabricext/{v}/locate']!.get!;
    const near = locate.parameters!.find((p) => p.name === 'neardistancem') as {
      schema?: { maximum?: number };
    };
    expect(near.schema?.maximum).toBe(100);
    const summarize = doc.paths['/fabricext/{v}/summarize']!.post!;
    expect(Object.keys(summarize.responses)).toEqual(
      expect.arrayContaining(['200', '400', '413', '422']),
    );
    const report = doc.paths['/fabricext/{v}/report']!.post!;
    expect(Object.keys(report.responses)).toEqual(
      expect.arrayContaining(['200', '400', '404', '413', '422']),
    );
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'Error',
        'LocateRecord',
        'SummarizeResponse',
        'AreaReport',
        'MaxcountExceeded',
        'FixedCoverageRecord',
        'MobileCoverageRecord',
        'AreaGeoJson',
        'AppServerCapabilities',
      ]),
    );
    // What /api/health says of its backend: the source's kinds and the views, named.
    const caps = doc.components.schemas.AppServerCapabilities as {
      properties: { data: { oneOf?: { properties: { kind: { const?: string } } }[] } };
    };
    expect(JSON.stringify(caps)).toMatch(/"workspace"/);
    expect(Object.keys(caps.properties)).toEqual(['data', 'views', 'basemap']);
  });
});
