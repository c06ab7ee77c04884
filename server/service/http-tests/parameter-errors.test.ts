// Parameter errors of docs/SERVICE.md over real HTTP: each limit and bad types. Each answer is a
// JSON error naming the parameter and the rule.
import { describe, it } from 'vitest';
import { CURRENT, expectErrorCase, serviceForFile, type ErrorCase } from './harness';

const svc = serviceForFile();

const LOCATE = `/fabricext/${CURRENT}/locate?latitude=39.8&longitude=-89.65`;
const ids = (n: number) => Array.from({ length: n }, (_, i) => 1000000001 + i);

// prettier-ignore
const CASES: ErrorCase[] = [
  // Limits
  ['parceldistancem above 1000', `${LOCATE}&parceldistancem=1000.5`, undefined, 400, 'invalid_parameter', ['parceldistancem', 'at most 1000']],
  ['neardistancem above 100', `${LOCATE}&neardistancem=101`, undefined, 400, 'invalid_parameter', ['neardistancem must be at most 100']],
  ['negative neardistancem', `${LOCATE}&neardistancem=-1`, undefined, 400, 'invalid_parameter', ['neardistancem', 'at least 0']],
  ['maxresults above 10', `/fabricext/${CURRENT}/match?text=1%20oak&maxresults=11`, undefined, 400, 'invalid_parameter', ['maxresults', 'at most 10']],
  ['bulk over 1000 ids', `/fabric/${CURRENT}/bulk/locations?field=city`, { location_id: ids(1001) }, 400, 'invalid_parameter', ['location_id', '1000']],
  ['bulk over 10 fields', `/fabric/${CURRENT}/bulk/locations?field=a,b,c,d,e,f,g,h,i,j,k`, { location_id: [1] }, 400, 'invalid_parameter', ['field', '10']],
  ['fixed bulk over 1000 ids', '/coverage/bdcfixed', ids(1001), 400, 'invalid_parameter', ['1000']],
  ['mobile bulk over 1000 ids', '/coverage/bdcmobile', Array.from({ length: 1001 }, () => '8928308280fffff'), 400, 'invalid_parameter', ['1000']],
  // Bad types
  ['non-numeric latitude', `/fabricext/${CURRENT}/locate?latitude=north&longitude=-89.65`, undefined, 400, 'invalid_parameter', ['latitude', 'number']],
  ['latitude out of range', `/fabricext/${CURRENT}/locate?latitude=90.5&longitude=-89.65`, undefined, 400, 'invalid_parameter', ['latitude', 'at most 90']],
  ['latitude given twice', `${LOCATE}&latitude=39.9`, undefined, 400, 'invalid_parameter', ['latitude must be given once']],
  ['an empty bulk id list', `/fabric/${CURRENT}/bulk/locations?field=city`, { location_id: [] }, 400, 'invalid_parameter', ['location_id must hold at least 1 item']],
  ['longitude missing', `/fabricext/${CURRENT}/locate?latitude=39.8`, undefined, 400, 'invalid_parameter', ['longitude']],
  ['non-integer location_id', `/fabricext/${CURRENT}/history?location_id=1.5`, undefined, 400, 'invalid_parameter', ['location_id', 'integer']],
  ['location_id for data', `/fabric/${CURRENT}/data/locations?location_id=abc`, undefined, 400, 'invalid_parameter', ['location_id']],
  ['data with neither id', `/fabric/${CURRENT}/data/locations`, undefined, 400, 'invalid_parameter', ['location_id', 'uuid']],
  ['data of another layer', `/fabric/${CURRENT}/data/parcels?location_id=1`, undefined, 400, 'invalid_parameter', ['layer']],
  ['fields of an unknown layer', `/fabric/${CURRENT}/fields/roads`, undefined, 400, 'invalid_parameter', ['layer']],
  ['malformed vintage', '/fabric/2024/fields/locations', undefined, 400, 'invalid_parameter', ['six digits']],
  ['bulk body of strings', `/fabric/${CURRENT}/bulk/locations?field=city`, { location_id: ['x'] }, 400, 'invalid_parameter', ['location_id']],
  ['bulk body with both keys', `/fabric/${CURRENT}/bulk/locations?field=city`, { location_id: [1], uuid: ['u'] }, 400, 'invalid_parameter', ['exactly one']],
  ['bulk body not JSON', `/fabric/${CURRENT}/bulk/locations?field=city`, '{location_id', 400, 'invalid_parameter', ['JSON']],
  ['fixed bulk body an object', '/coverage/bdcfixed', { ids: [1] }, 400, 'invalid_parameter', ['array']],
  ['match without text or parts', `/fabricext/${CURRENT}/match?city=springfield`, undefined, 400, 'invalid_parameter', ['text']],
  ['translate with another kind', `/fabricext/${CURRENT}/translate?src=parcel_id&dest=uuid&id=1`, undefined, 400, 'invalid_parameter', ['src', 'location_id, uuid']],
  ['translate of a non-integer id', `/fabricext/${CURRENT}/translate?src=location_id&dest=uuid&id=x1`, undefined, 400, 'invalid_parameter', ['id', 'integer']],
  ['coverage vintages of another type', '/coverage/vintages?type=ookla', undefined, 400, 'invalid_parameter', ['type', 'bdc']],
  ['tile zoom above 22', `/fabric/${CURRENT}/tiles/23/0/0.pbf`, undefined, 400, 'invalid_parameter', ['z', '22']],
  ['tile column out of range', `/fabric/${CURRENT}/tiles/2/4/0.pbf`, undefined, 400, 'invalid_parameter', ['below 4']],
  ['tile without .pbf', `/fabric/${CURRENT}/tiles/2/1/1.png`, undefined, 400, 'invalid_parameter', ['.pbf']],
];

describe('parameter errors', () => {
  it.each(CASES)('%s', (...c) => expectErrorCase(svc.url, c));
});
