// Arbitraries for every endpoint of the service: each request is a path, query and body whose
// parts are usually valid (so runs reach the handlers and the store) and sometimes junk.
import * as fc from 'fast-check';
import { latLngToCell } from 'h3-js';
import { fixtureLngLat, fixtureMobileCells } from '../testing/fixture-fabric';
import { CURRENT } from './harness';

const [CELL] = fixtureMobileCells() as [string];
const [LNG, LAT] = fixtureLngLat(20, 30);
/** The cells a locate client may send with (LAT, LNG): its own at two resolutions, one elsewhere. */
const H3_CELLS = [latLngToCell(LAT, LNG, 4), latLngToCell(LAT, LNG, 9), latLngToCell(LNG, LAT, 4)];
/** Stands for the resolution-4 cell of whatever point the request names (see ownCell). */
const OWN_CELL = 'own-cell';

/** A locate request's h3 "own-cell" made the cell holding its point, when that is a point. */
function ownCell<R extends { query: Partial<Record<string, string>> }>(r: R): R {
  const { latitude, longitude, h3 } = r.query;
  if (h3 !== OWN_CELL) return r;
  const [lat, lng] = [Number(latitude), Number(longitude)];
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) return r;
  return { ...r, query: { ...r.query, h3: latLngToCell(lat, lng, 4) } };
}

export const junk = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 30 }),
  fc.double().map(String),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'Infinity',
    '-0',
    '1e400',
    '0x10',
    '1,2',
    '%',
    '&=',
    '[]',
    'null',
    '../..',
    '9'.repeat(40),
  ),
);
/** Usually the valid value, sometimes junk. */
const mostly = (...valid: string[]) =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...valid) }, { weight: 2, arbitrary: junk });
/** Valid five times in six: for the many parameters of one request (locate's), so that
 * runs still reach the store with all of them set while each is junk now and then. */
const usually = (...valid: string[]) =>
  fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: junk });
const vintage = mostly(CURRENT, '202306', '209912');
const layer = mostly('locations', 'parcels', 'footprints');
const locationId = mostly('1000000001', '1000000013', '1999999999', '1');

const jsonJunk = fc.jsonValue({ maxDepth: 4 });
const coord = fc.oneof(
  fc.double({ min: -200, max: 200, noNaN: true }),
  fc.constantFrom(LNG, LAT, 1e308, -0),
  fc.string({ maxLength: 3 }),
);
const ringArb = fc
  .tuple(fc.array(fc.tuple(coord, coord), { maxLength: 12 }), fc.boolean())
  .map(([r, close]) => (close && r.length > 0 ? [...r, r[0]] : r));
const geometry = fc.record({
  type: mostly('Polygon', 'MultiPolygon'),
  coordinates: fc.oneof(
    fc.array(ringArb, { maxLength: 3 }),
    fc.array(fc.array(ringArb, { maxLength: 2 }), { maxLength: 2 }),
    jsonJunk,
  ),
});
const geojson = fc.oneof(
  geometry,
  fc.record({
    type: fc.constant('Feature'),
    properties: fc.constant(null),
    geometry: fc.oneof(geometry, jsonJunk),
  }),
  fc.record({
    type: fc.constant('FeatureCollection'),
    features: fc.array(fc.record({ type: fc.constant('Feature'), geometry }), { maxLength: 3 }),
  }),
  jsonJunk,
);
const rawBody = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

export interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  request: fc.Arbitrary<{
    path: string;
    query: Partial<Record<string, string>>;
    body?: unknown;
    raw?: string;
  }>;
}

const q = (shape: Record<string, fc.Arbitrary<string>>, requiredKeys: string[] = []) =>
  fc.record(shape, { requiredKeys });
const get = (
  name: string,
  path: fc.Arbitrary<string>,
  query: Record<string, fc.Arbitrary<string>>,
  requiredKeys: string[] = [],
): Endpoint => ({
  name,
  method: 'GET',
  request: fc.record({ path, query: q(query, requiredKeys) }),
});
const post = (
  name: string,
  path: fc.Arbitrary<string>,
  query: Record<string, fc.Arbitrary<string>>,
  body: fc.Arbitrary<unknown>,
): Endpoint => ({
  name,
  method: 'POST',
  request: fc
    .record({ path, query: q(query), body, raw: rawBody })
    .map((r) => (r.raw === undefined ? { ...r, raw: undefined } : { ...r, body: undefined })),
});
const seg = (s: string) => encodeURIComponent(s);
const withOwnCell = (e: Endpoint): Endpoint => ({ ...e, request: e.request.map(ownCell) });
const idList = fc.array(
  fc.oneof(
    fc.integer({ min: 1000000000, max: 1000000020 }),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 5 }),
  ),
  { maxLength: 20 },
);

export const ENDPOINTS: Endpoint[] = [
  get('fabric vintages', fc.constant('/fabric/vintages'), { x: junk }),
  get('fabric layers', fc.constant('/fabric/layers'), { x: junk }),
  get(
    'fields',
    fc.tuple(vintage, layer).map(([v, l]) => `/fabric/${seg(v)}/fields/${seg(l)}`),
    {},
  ),
  get(
    'data',
    fc.tuple(vintage, layer).map(([v, l]) => `/fabric/${seg(v)}/data/${seg(l)}`),
    { location_id: locationId, uuid: junk },
  ),
  get(
    'tiles',
    fc
      .tuple(
        vintage,
        mostly('0', '14', '23'),
        mostly('0', '4150', '99999999'),
        mostly('0', '6200', '1.5'),
      )
      .map(([v, z, x, y]) => `/fabric/${seg(v)}/tiles/${seg(z)}/${seg(x)}/${seg(y)}.pbf`),
    {},
  ),
  get(
    'fixed tiles',
    fc
      .tuple(vintage, mostly('12', '14', '23'), mostly('0', '4150', '99999999'), mostly('6200'))
      .map(([v, z, x, y]) => `/coverage/${seg(v)}/fixedtiles/${seg(z)}/${seg(x)}/${seg(y)}.pbf`),
    { fabric: vintage },
  ),
  get(
    'fixed hexagons',
    fc
      .tuple(vintage, mostly('5', '9', '11', '13'), mostly('0', '129', '1037'), mostly('194'))
      .map(([v, z, x, y]) => `/coverage/${seg(v)}/fixedhex/${seg(z)}/${seg(x)}/${seg(y)}.pbf`),
    {
      fabric: vintage,
      audience: mostly('residential', 'business'),
      speed: mostly('bead', '25/3', '1000/100'),
      tech: mostly('any', 'fiber', 'satellite'),
      lowlatency: mostly('0', '1'),
    },
  ),
  get(
    'match',
    vintage.map((v) => `/fabricext/${seg(v)}/match`),
    {
      text: mostly('100 Oak St, Springfield IL', '1 x'),
      house_number: junk,
      road: mostly('OAK ST'),
      unit: junk,
      city: junk,
      state: junk,
      postcode: junk,
      maxresults: mostly('1', '10'),
    },
  ),
  get(
    'history',
    vintage.map((v) => `/fabricext/${seg(v)}/history`),
    { location_id: locationId },
  ),
  withOwnCell(
    get(
      'locate',
      usually(CURRENT, '202306', '209912').map((v) => `/fabricext/${seg(v)}/locate`),
      {
        latitude: usually(String(LAT), '90', '-90'),
        longitude: usually(String(LNG), '180'),
        parceldistancem: usually('0', '500', '1000'),
        neardistancem: usually('0', '100'),
        // The real clients' parameters; junk sourcekeys are mostly valid ones too.
        sourcekey: usually('row-17', '', 'a b/c', 'Ünïcode', '42'),
        matchtype: usually(
          'Parcel',
          'FootprintParcel,Nearest',
          'footprint, parcel',
          'Rooftop',
          ',',
        ),
        h3: usually(OWN_CELL, OWN_CELL, ...H3_CELLS),
        parceltolerancem: usually('0', '5', '100'),
        footprinttolerancem: usually('0', '20'),
      },
      // Always asked for, so that runs reach the options (the answer hangs on every one of them).
      ['latitude', 'longitude'],
    ),
  ),
  get(
    'translate',
    vintage.map((v) => `/fabricext/${seg(v)}/translate`),
    { src: mostly('location_id', 'uuid'), dest: mostly('location_id', 'uuid'), id: locationId },
  ),
  get('coverage vintages', fc.constant('/coverage/vintages'), { type: mostly('bdc') }),
  get('bdcfixed', fc.constant('/coverage/bdcfixed'), { location_id: locationId, vintage }),
  get('bdcmobile', fc.constant('/coverage/bdcmobile'), {
    h3_res9_id: mostly(CELL, '8828308281fffff'),
    vintage,
  }),
  post(
    'bulk',
    fc.tuple(vintage, layer).map(([v, l]) => `/fabric/${seg(v)}/bulk/${seg(l)}`),
    { field: mostly('city', 'unit_count,zip', 'uuid') },
    fc.oneof(
      fc.record(
        { location_id: idList, uuid: fc.array(junk, { maxLength: 5 }) },
        { requiredKeys: [] },
      ),
      jsonJunk,
    ),
  ),
  post(
    'summarize',
    vintage.map((v) => `/fabricext/${seg(v)}/summarize`),
    {
      field: mostly('unit_count', 'building_type_code,served_status', 'latitude'),
      nocat: mostly('1', '0'),
      coverage: mostly('202406', '209912'),
      audience: mostly('business', 'residential'),
    },
    geojson,
  ),
  post(
    'report',
    vintage.map((v) => `/fabricext/${seg(v)}/report`),
    {
      coverage: mostly('202406', CURRENT, '209912'),
      audience: mostly('business'),
      speed: mostly('bead', '100/20', '1000/100'),
      tech: mostly('any', 'fiber', 'satellite'),
      lowlatency: mostly('0', '1'),
    },
    geojson,
  ),
  post(
    'locate bulk',
    vintage.map((v) => `/fabricext/${seg(v)}/locate`),
    { matchtype: mostly('Parcel,Nearest'), parceltolerancem: mostly('10'), neardistancem: junk },
    fc.oneof(
      fc.array(
        fc.record(
          {
            sourcekey: fc.oneof(junk, fc.integer(), fc.constant(null)),
            latitude: fc.oneof(coord, fc.constant(LAT), fc.constant(String(LAT))),
            longitude: fc.oneof(coord, fc.constant(LNG)),
            h3: mostly(...H3_CELLS),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 5 },
      ),
      jsonJunk,
    ),
  ),
  post(
    'match bulk',
    vintage.map((v) => `/fabricext/${seg(v)}/match`),
    { maxresults: mostly('1', '10') },
    fc.oneof(
      fc.array(
        fc.record(
          {
            sourcekey: fc.oneof(junk, fc.integer()),
            text: mostly('100 Oak St, Springfield IL', '1 x'),
            house_number: fc.oneof(junk, fc.integer()),
            road: mostly('OAK ST'),
            postcode: fc.oneof(junk, fc.integer()),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 5 },
      ),
      jsonJunk,
    ),
  ),
  post('bdcfixed bulk', fc.constant('/coverage/bdcfixed'), { vintage }, fc.oneof(idList, jsonJunk)),
  post(
    'bdcmobile bulk',
    fc.constant('/coverage/bdcmobile'),
    { vintage },
    fc.oneof(fc.array(mostly(CELL, '8828308281fffff'), { maxLength: 5 }), jsonJunk),
  ),
  post(
    'collect3',
    fc.tuple(vintage, layer).map(([v, l]) => `/fabric/${seg(v)}/collect3/${seg(l)}`),
    {},
    fc.oneof(
      geojson,
      // A continuation body whose sealed part is junk or missing its signature.
      fc.record({
        type: fc.constant('Feature'),
        properties: fc.record({ continuation: fc.oneof(junk, fc.jsonValue({ maxDepth: 2 })) }),
        geometry,
      }),
    ),
  ),
  get('listapis', fc.constant('/accountcontrol/listapis'), { x: junk }),
  get('getusage', fc.constant('/accountcontrol/getusage'), { x: junk }),
  post(
    'h3assign',
    fc.constant('/geosvc/h3assign'),
    { res: mostly('4', '0', '15', '16') },
    fc.oneof(
      fc.array(
        fc.record(
          {
            sourcekey: fc.oneof(junk, fc.integer(), fc.constant(null)),
            latitude: fc.oneof(coord, fc.constant(LAT), fc.constant(String(LAT))),
            longitude: fc.oneof(coord, fc.constant(LNG)),
            res: fc.oneof(fc.integer({ min: -1, max: 16 }), junk),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 5 },
      ),
      jsonJunk,
    ),
  ),
  get(
    'libgetgeo',
    mostly('counties', 'states').map((k) => `/geosvc/libgetgeo/tiger/2020/${seg(k)}`),
    { id: mostly('17167', '17', '06001', '99999') },
  ),
];
