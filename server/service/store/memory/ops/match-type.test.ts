// match's published answer fields: matchtype (F full, P partial, null when nothing matched),
// alternates, ruleversion and the echoed sourcekey, on the fixture fabric's addresses.
import { describe, expect, it } from 'vitest';
import { buildFabricIndex } from '../fabric-index';
import type { MatchParts } from '../../store';
import { buildFixtureFabric } from '../../../testing/fixture-fabric';
import { createMatcher } from './match';
import { RULE_VERSION } from '../../rules/match-type';

const matcher = createMatcher(buildFabricIndex(buildFixtureFabric()));
const CURRENT = 4;
const answer = (query: { text: string } | MatchParts, n = 1) =>
  matcher.match(CURRENT, query, n, null);
const typeOf = (text: string) => answer({ text }).matchtype;

describe('match matchtype', () => {
  it('is F when house number, road and city or ZIP all agree', () => {
    expect(typeOf('100 OAK ST, SPRINGFIELD, IL 62704')).toBe('F');
    expect(typeOf('100 oak street springfield')).toBe('F');
    expect(typeOf('305 South Main Street, Springfield')).toBe('F');
    expect(
      answer({ house_number: '1500', road: 'Old Jacksonville Rd', postcode: '62629' }).matchtype,
    ).toBe('F');
  });

  it('is P for a match that is not sure: typo, missing directional, no city or ZIP, a wrong part', () => {
    expect(typeOf('104 Oka St, Springfield')).toBe('P'); // typo in the road
    expect(typeOf('305 Main St, Springfield')).toBe('P'); // S left out
    expect(typeOf('102 Oak St')).toBe('P'); // neither city nor ZIP
    expect(typeOf('102 Oak St, Springfield 62629')).toBe('P'); // Chatham's ZIP
    expect(typeOf('102 Oak St, Springfield, WI')).toBe('P'); // another state
    // Each is still a match, ranked first.
    expect(answer({ text: '305 Main St, Springfield' }).locations[0]?.location_id).toBe(1000000013);
  });

  it('wants the unit to agree: the asked apartment is F, the building without a unit is P', () => {
    expect(typeOf('200 Oak St Apt 2, Springfield')).toBe('F');
    expect(typeOf('200 Oak St, Springfield')).toBe('P');
    expect(typeOf('200 Oak St Apt 7, Springfield')).toBe('P');
  });

  it('is null with no locations and no alternates when nothing matches', () => {
    const none = answer({ text: '100 Elm St, Springfield' }, 5);
    expect(none).toMatchObject({ matchcount: 0, locations: [], matchtype: null, alternates: null });
  });
});

describe('match alternates, ruleversion, sourcekey', () => {
  it('lists the lower-ranked locations in brief, each with its own matchtype', () => {
    const r = answer({ text: '200 Oak St Apt 2, Springfield' }, 5);
    expect(r.locations.map((l) => l.location_id)).toEqual([1000000012, 1000000011]);
    expect(r.alternates).toEqual([
      {
        matchrank: 2,
        location_id: 1000000011,
        uuid: r.locations[1]!.uuid,
        address: '200 OAK ST APT 1',
        similarity: r.locations[1]!.similarity,
        matchtype: 'P',
      },
    ]);
  });

  it('has no alternates when maxresults keeps one location', () => {
    expect(answer({ text: '200 Oak St Apt 2, Springfield' }, 1).alternates).toBeNull();
  });

  it('names its rule version and echoes the sourcekey, matched or not', () => {
    expect(answer({ text: '100 Oak St' }).ruleversion).toBe(RULE_VERSION);
    for (const key of ['row-9', 9, '', null]) {
      expect(matcher.match(CURRENT, { text: '100 Oak St' }, 1, key).sourcekey).toBe(key);
      expect(matcher.match(CURRENT, { text: 'nowhere' }, 1, key).sourcekey).toBe(key);
    }
  });
});
