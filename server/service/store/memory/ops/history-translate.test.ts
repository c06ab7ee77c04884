import { describe, expect, it } from 'vitest';
import { buildFabricIndex } from '../fabric-index';
import { buildFixtureFabric } from '../../../testing/fixture-fabric';
import { history } from './history';
import { locationUuid } from './location-records';
import { translate } from './translate';

const ix = buildFabricIndex(buildFixtureFabric());
const CURRENT = 4; // 202506, svcversion 11

describe('history', () => {
  it('active: first and last releases, no equivalent', () => {
    expect(history(ix, CURRENT, 1000000001)).toEqual([
      { location_id: 1000000001, firstsvcversion: 7, lastsvcversion: 11, re_location_id: null },
    ]);
  });
  it('retired with an equivalent present now', () => {
    expect(history(ix, CURRENT, 1000000007)).toEqual([
      {
        location_id: 1000000007,
        firstsvcversion: 7,
        lastsvcversion: 9,
        re_location_id: 1000000001,
      },
    ]);
  });
  it('retired without an equivalent', () => {
    expect(history(ix, CURRENT, 1000000008)).toEqual([
      { location_id: 1000000008, firstsvcversion: 7, lastsvcversion: 8, re_location_id: null },
    ]);
  });
  it('inactive for a release, then active again: spans first to last', () => {
    expect(history(ix, CURRENT, 1000000009)).toEqual([
      { location_id: 1000000009, firstsvcversion: 7, lastsvcversion: 11, re_location_id: null },
    ]);
  });
  it('answers as of the vintage asked: not yet retired, not yet born', () => {
    expect(history(ix, 2, 1000000007)[0]).toMatchObject({
      lastsvcversion: 9,
      re_location_id: null,
    });
    expect(history(ix, 2, 1000000010)).toEqual([]);
    expect(history(ix, CURRENT, 1000000010)[0]).toMatchObject({
      firstsvcversion: 10,
      lastsvcversion: 11,
    });
  });
  it('an id never seen gives []', () => {
    expect(history(ix, CURRENT, 1000009999)).toEqual([]);
  });
});

describe('translate', () => {
  it('location_id → uuid and back', () => {
    const [fwd] = translate(ix, CURRENT, 'location_id', 'uuid', '1000000003');
    expect(fwd.location_id).toBe(1000000003);
    expect(fwd.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(translate(ix, CURRENT, 'uuid', 'location_id', fwd.uuid)).toEqual([fwd]);
  });
  it('uuids differ per vintage; a uuid of another vintage gives []', () => {
    const old = locationUuid(ix, 2, 2);
    expect(old).not.toBe(translate(ix, CURRENT, 'location_id', 'uuid', '1000000003')[0].uuid);
    expect(translate(ix, 2, 'uuid', 'location_id', old)).toEqual([
      { uuid: old, location_id: 1000000003 },
    ]);
    expect(translate(ix, CURRENT, 'uuid', 'location_id', old)).toEqual([]);
  });
  it('unknown, retired, malformed or edited ids give []', () => {
    expect(translate(ix, CURRENT, 'location_id', 'uuid', '1000009999')).toEqual([]);
    expect(translate(ix, CURRENT, 'location_id', 'uuid', '1000000008')).toEqual([]);
    expect(translate(ix, CURRENT, 'location_id', 'uuid', 'abc')).toEqual([]);
    const uuid = translate(ix, CURRENT, 'location_id', 'uuid', '1000000003')[0].uuid;
    const edited = uuid.slice(0, -1) + (uuid.endsWith('0') ? '1' : '0');
    expect(translate(ix, CURRENT, 'uuid', 'location_id', edited)).toEqual([]);
    expect(translate(ix, CURRENT, 'uuid', 'location_id', 'not-a-uuid')).toEqual([]);
  });
});
