// Lookup errors of docs/SERVICE.md over real HTTP: unknown vintages (fabric and coverage), ids that
// are not H3 res-9 cells, unknown and non-reportable fields.
import { describe, it } from 'vitest';
import { CURRENT, expectErrorCase, serviceForFile, type ErrorCase } from './harness';

const svc = serviceForFile();

// prettier-ignore
const SQUARE = { type: 'Polygon', coordinates: [[[-89.66, 39.79], [-89.64, 39.79], [-89.64, 39.81], [-89.66, 39.79]]] };
const FIELD_ERROR = [400, 'invalid_parameter'] as const;

// prettier-ignore
const CASES: ErrorCase[] = [
  // Unknown vintages
  ['unknown fabric vintage (fields)', '/fabric/209912/fields/locations', undefined, 404, 'unknown_vintage', ['209912']],
  ['unknown fabric vintage (data)', '/fabric/209912/data/locations?location_id=1000000001', undefined, 404, 'unknown_vintage', ['209912']],
  ['unknown fabric vintage (bulk)', '/fabric/209912/bulk/locations?field=city', { location_id: [1] }, 404, 'unknown_vintage', ['209912']],
  ['unknown fabric vintage (locate)', '/fabricext/209912/locate?latitude=39.8&longitude=-89.65', undefined, 404, 'unknown_vintage', ['209912']],
  ['unknown fabric vintage (match)', '/fabricext/209912/match?text=1%20oak%20st', undefined, 404, 'unknown_vintage', ['209912']],
  ['unknown fabric vintage (history)', '/fabricext/209912/history?location_id=1000000001', undefined, 404, 'unknown_vintage', ['209912']],
  ['unknown fabric vintage (translate)', '/fabricext/209912/translate?src=location_id&dest=uuid&id=1', undefined, 404, 'unknown_vintage', ['209912']],
  ['unknown fabric vintage (summarize)', '/fabricext/209912/summarize?field=unit_count', SQUARE, 404, 'unknown_vintage', ['209912']],
  ['unknown fabric vintage (tiles)', '/fabric/209912/tiles/0/0/0.pbf', undefined, 404, 'unknown_vintage', ['209912']],
  ['unknown coverage vintage', '/coverage/bdcfixed?location_id=1000000001&vintage=209912', undefined, 404, 'unknown_vintage', ['209912']],
  ['unknown coverage vintage (mobile)', '/coverage/bdcmobile?h3_res9_id=8928308280fffff&vintage=209912', undefined, 404, 'unknown_vintage', ['209912']],
  ['unknown coverage vintage (bulk)', '/coverage/bdcmobile?vintage=209912', ['8928308280fffff'], 404, 'unknown_vintage', ['209912']],
  ['malformed coverage vintage', '/coverage/bdcfixed?location_id=1000000001&vintage=2024', undefined, 400, 'invalid_parameter', ['vintage', 'six digits']],
  // H3 ids
  ['a res-8 cell', '/coverage/bdcmobile?h3_res9_id=8828308281fffff', undefined, 400, 'invalid_parameter', ['h3_res9_id', 'resolution 9']],
  ['not an H3 id', '/coverage/bdcmobile?h3_res9_id=hello', undefined, 400, 'invalid_parameter', ['h3_res9_id']],
  ['a res-10 cell in a bulk body', '/coverage/bdcmobile', ['8928308280fffff', '8a2a1072b59ffff'], 400, 'invalid_parameter', ['body[1]', 'resolution 9']],
  // Fields
  ['an unknown summarize field', `/fabricext/${CURRENT}/summarize?field=unit_count,colour`, SQUARE, ...FIELD_ERROR, ['colour']],
  ['a non-reportable summarize field', `/fabricext/${CURRENT}/summarize?field=latitude`, SQUARE, ...FIELD_ERROR, ['latitude', 'not reportable']],
  ['no summarize field', `/fabricext/${CURRENT}/summarize`, SQUARE, ...FIELD_ERROR, ['field']],
  ['an unknown bulk field', `/fabric/${CURRENT}/bulk/locations?field=city,colour`, { location_id: [1] }, ...FIELD_ERROR, ['colour']],
  ['nocat of another value', `/fabricext/${CURRENT}/summarize?field=unit_count&nocat=yes`, SQUARE, ...FIELD_ERROR, ['nocat']],
];

describe('lookup errors', () => {
  it.each(CASES)('%s', (...c) => expectErrorCase(svc.url, c));
});
