// match over PostGIS against the memory store over the same imported demo fabric: the same
// answers, field for field and in the same order, for addresses written every way a user might
// (exact, with city and ZIP, long forms, typos, the parts form, a house number alone, units).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressPrimary } from '../memory/ops/location-records';
import { buildFabricIndex } from '../memory/fabric-index';
import type { MatchParts } from '../store';
import { addressRoad, match } from './match';
import { importDemo, type ImportedDemo } from './testing/imported-demo';

let demo: ImportedDemo;

beforeAll(async () => {
  demo = await importDemo(5, 1500);
}, 120_000);

afterAll(async () => {
  await demo?.close();
});

/** Queries about location i, written as users write them. */
function queries(i: number): ({ text: string } | MatchParts)[] {
  const { fabric } = demo;
  const loc = fabric.locations;
  const ix = buildFabricIndex(fabric);
  const address = addressPrimary(ix, i);
  const town = fabric.towns[loc.town[i]];
  const road = fabric.roads.name[loc.road[i]];
  const h = String(loc.houseNumber[i]);
  return [
    { text: address },
    { text: `${address}, ${town.name}, IL ${town.zip}` },
    { text: `${address.toLowerCase()} ${town.name}` },
    { text: `${h} ${road.replace(/ ST$/, ' Street').replace(/^N /, 'North ')}` },
    { text: `${h} ${road.slice(0, -1)}, ${town.zip}` },
    { house_number: h, road, city: town.name },
    { house_number: h, road, unit: loc.unit[i] ? String(loc.unit[i]) : '1', state: 'Illinois' },
    { house_number: h },
  ];
}

describe('match over PostGIS', () => {
  it('reads an address line back into its road and unit', () => {
    expect(addressRoad('1201 OAK ST')).toEqual({ road: ['OAK', 'ST'], unit: '' });
    expect(addressRoad('200 N OAK ST APT 2')).toEqual({ road: ['N', 'OAK', 'ST'], unit: '2' });
    expect(addressRoad('200 OAK ST # 4B')).toEqual({ road: ['OAK', 'ST'], unit: '4B' });
    expect(addressRoad('200')).toBeNull();
  });

  it('answers what the memory store answers, in the same order', async () => {
    const { fabric, memory, ctx } = demo;
    const loc = fabric.locations;
    let compared = 0;
    let ranked = 0;
    for (const [vi, { vintage }] of fabric.vintages.entries()) {
      for (let i = vi; i < loc.count; i += 23) {
        for (const q of queries(i)) {
          for (const maxresults of [1, 10]) {
            const expected = await memory.match(vintage, q, maxresults, i);
            const got = await match(ctx, vintage, q, maxresults, i);
            expect(got, `${vintage} ${JSON.stringify(q)} ${maxresults}`).toEqual(expected);
            compared++;
            if (expected.matchcount > 1) ranked++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(ranked).toBeGreaterThan(100);
  });

  it('answers no location for what is not there, as the memory store does', async () => {
    const { memory, ctx, fabric } = demo;
    const vintage = fabric.vintages[fabric.vintages.length - 1].vintage;
    for (const q of [
      { text: 'Oak St, Springfield' },
      { text: '99999999999999999999 Oak St' },
      { text: '1 Nowhere Blvd' },
      { house_number: '0' },
      { road: 'OAK ST' },
    ]) {
      const got = await match(ctx, vintage, q, 5, null);
      expect(got.matchcount).toBe(0);
      expect(got).toEqual(await memory.match(vintage, q, 5, null));
    }
  });
});
