import { describe, expect, it } from 'vitest';
import { buildFabricIndex } from '../fabric-index';
import { generateFabric } from '../../../../demo/generate-fabric';
import { buildFixtureFabric } from '../../../testing/fixture-fabric';
import { MATCH_FLOOR, createMatcher } from './match';
import { parseAddress, roadParts } from '../../rules/match-text';

const ix = buildFabricIndex(buildFixtureFabric());
const matcher = createMatcher(ix);
const CURRENT = 4;
const top = (text: string, vi = CURRENT, n = 1) => matcher.match(vi, { text }, n, null).locations;

describe('address parsing', () => {
  it('splits a full line into parts in the fabric spelling', () => {
    expect(
      parseAddress('1201 Oak Street, Springfield, Illinois 62704-1234', ['SPRINGFIELD']),
    ).toEqual({
      house_number: '1201',
      road: 'OAK ST',
      city: 'SPRINGFIELD',
      state: 'IL',
      postcode: '62704',
    });
  });
  it('finds the city without commas and the unit', () => {
    expect(parseAddress('200 oak st. apt 2 springfield il', ['SPRINGFIELD'])).toEqual({
      house_number: '200',
      road: 'OAK ST',
      unit: '2',
      city: 'SPRINGFIELD',
      state: 'IL',
    });
  });
  it('abbreviates suffixes and directionals, even a misspelt suffix', () => {
    expect(roadParts('South Main Street').canonical).toBe('S MAIN ST');
    expect(roadParts('north grand avenue').canonical).toBe('N GRAND AVE');
    expect(roadParts('Old Jacksonville Raod').canonical).toBe('OLD JACKSONVILLE RAOD'); // short words are not guessed
    expect(roadParts('Oak Stret').canonical).toBe('OAK ST');
  });
});

describe('match', () => {
  it('finds an exact address with similarity 1', () => {
    const [hit] = top('100 OAK ST, SPRINGFIELD, IL 62704');
    expect(hit).toMatchObject({
      matchrank: 1,
      location_id: 1000000001,
      address: '100 OAK ST',
      zip: '62704',
      similarity: 1,
    });
  });
  it('normalises case, punctuation and long forms', () => {
    expect(top('305 south main street, springfield')[0]?.location_id).toBe(1000000013);
    expect(top('1500 Old Jacksonville Road; Chatham IL')[0]?.location_id).toBe(1000000005);
  });
  it('tolerates a missing ZIP or city and small typos', () => {
    expect(top('102 Oak St')[0]?.location_id).toBe(1000000002);
    expect(top('102 Oak St 62704')[0]?.location_id).toBe(1000000002);
    expect(top('104 Oka St, Sprngfield')[0]?.location_id).toBe(1000000003);
    expect(top('305 Main St')[0]?.location_id).toBe(1000000013);
  });
  it('ranks units: the asked apartment first', () => {
    const hits = top('200 Oak St Apt 2, Springfield', CURRENT, 5);
    expect(hits.map((h) => h.location_id)).toEqual([1000000012, 1000000011]);
    expect(hits[0].similarity).toBeGreaterThan(hits[1].similarity);
    expect(hits[0].address).toBe('200 OAK ST APT 2');
  });
  it('returns nothing below the floor: another street, another number, no number', () => {
    expect(top('100 Elm St, Springfield')).toEqual([]);
    expect(top('101 Oak St, Springfield')).toEqual([]);
    expect(top('Oak St, Springfield')).toEqual([]);
    // A misspelt name with the wrong suffix: alike enough to be scored, not enough to answer.
    expect(top('104 Oka Ave')).toEqual([]);
    for (const h of top('100 Oak Av, Chatham', CURRENT, 10))
      expect(h.similarity).toBeGreaterThanOrEqual(MATCH_FLOOR);
  });
  it('answers only with locations of the vintage', () => {
    // 1000000007 shares 100 OAK ST but retired after 202406 (vintage index 2).
    expect(top('100 Oak St', CURRENT, 10).map((h) => h.location_id)).toEqual([1000000001]);
    expect(top('100 Oak St', 2, 10).map((h) => h.location_id)).toEqual([1000000001, 1000000007]);
  });
  it('accepts the parts form', () => {
    const r = matcher.match(
      CURRENT,
      { house_number: '1500', road: 'old jacksonville road', postcode: '62629' },
      3,
      null,
    );
    expect(r.parsed).toEqual({
      house_number: '1500',
      road: 'OLD JACKSONVILLE RD',
      postcode: '62629',
    });
    expect(r.matchcount).toBe(1);
    expect(r.locations[0]).toMatchObject({
      location_id: 1000000005,
      city: 'CHATHAM',
      similarity: 1,
    });
  });
  it('ranks equal similarities by location_id, whatever the roads', () => {
    // A house number alone scores every location with it alike (1, or 0.98 with a unit).
    const wide = createMatcher(buildFabricIndex(generateFabric({ seed: 11, locations: 1500 })));
    let tied = 0;
    for (let h = 100; h < 400; h++) {
      const hits = wide.match(4, { house_number: String(h) }, 10, null).locations;
      const ranked = hits.toSorted(
        (a, b) => b.similarity - a.similarity || a.location_id - b.location_id,
      );
      expect(hits.map((l) => l.location_id)).toEqual(ranked.map((l) => l.location_id));
      if (hits.length > 1 && hits[0].similarity === hits[1].similarity) tied++;
    }
    expect(tied).toBeGreaterThan(20);
  });
  it('asks a unit of units: "0" is not the address without one', () => {
    const hit = matcher.match(CURRENT, { house_number: '102', road: 'Oak St', unit: '0' }, 1, null);
    expect(hit.locations[0]?.location_id).toBe(1000000002);
    expect(hit.locations[0].similarity).toBeLessThan(1);
  });
  it('penalises a wrong ZIP but keeps the road match when it is close', () => {
    const right = top('102 Oak St 62704')[0].similarity;
    const wrong = top('102 Oak St 62629')[0]?.similarity ?? 0;
    expect(wrong).toBeLessThan(right);
  });
});
