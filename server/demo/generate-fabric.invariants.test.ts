// Structural invariants of a generated fabric: what the service and the browser tests take for
// granted about the demo data, checked on small fabrics of the default seed: the demo county's,
// and one of another state's county as a state demo generates them.
import { booleanPointInPolygon, booleanWithin, point, polygon } from '@turf/turf';
import {
  cellToLatLng,
  getResolution,
  isValidCell,
  polygonToCells,
  splitLongToH3Index,
} from 'h3-js';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { COORD_SCALE, type Fabric, type PackedGeometry, firstPart } from '../service/store/fabric';
import { locateOptions } from '../contract/schemas/locate';
import { createMemoryStore } from '../service/store/memory/memory-store';
import type { MatchType } from '../contract/schemas/locate-match-types';
import { DEFAULT_SEED, generateFabric } from './generate-fabric';
import { startAt, startsCount } from '../service/store/record-starts';

/** Feature i of packed polygons as GeoJSON rings. */
function rings(g: PackedGeometry, i: number): [number, number][][] {
  const out: [number, number][][] = [];
  for (let p = firstPart(g, i); p < firstPart(g, i + 1); p++) {
    const ring: [number, number][] = [];
    for (let v = g.vertexStart[p]; v < g.vertexStart[p + 1]; v++) {
      ring.push([g.xy[2 * v] / COORD_SCALE, g.xy[2 * v + 1] / COORD_SCALE]);
    }
    out.push(ring);
  }
  return out;
}

const zipcodes = createRequire(import.meta.url)('zipcodes') as {
  lookupByState(state: string): unknown[];
};

const FABRICS: [string, string, Fabric][] = [
  ['Sangamon County, IL', '17167', generateFabric({ seed: DEFAULT_SEED, locations: 6000 })],
  [
    'Kent County, DE',
    '10001',
    generateFabric({ seed: DEFAULT_SEED, locations: 6000, geoid: '10001' }),
  ],
];

describe.each(FABRICS)('the generated fabric of %s', (name, geoid, fabric) => {
  const loc = fabric.locations;
  const newest = fabric.vintages.length - 1;
  const inNewest = (i: number) => (loc.presence[i] & (1 << newest)) !== 0;
  const parcelPolygon = (i: number) => polygon(rings(fabric.parcels.geometry, i));
  const footprintPolygon = (i: number) => polygon(rings(fabric.footprints.geometry, i));

  it('is of the county asked, its towns at ZIP codes of its state', () => {
    expect(`${fabric.county.name}, ${fabric.county.state}`).toBe(name);
    expect(fabric.county.geoid).toBe(geoid);
    expect(fabric.towns.length).toBeGreaterThan(5);
    const zips = new Set(
      (zipcodes.lookupByState(fabric.county.state) as { zip: string }[]).map((z) => z.zip),
    );
    expect(fabric.towns.filter((t) => !zips.has(t.zip))).toEqual([]);
  });

  it('puts every location inside the county boundary', () => {
    const outside: number[] = [];
    for (let i = 0; i < loc.count; i++) {
      if (!booleanPointInPolygon(point([loc.lng[i], loc.lat[i]]), fabric.county.boundary))
        outside.push(loc.locationId[i]);
    }
    expect(outside).toEqual([]);
  });

  it('has closed polygon rings and every footprint inside its parcel', () => {
    const { footprints } = fabric;
    let checked = 0;
    for (let f = 0; f < footprints.geometry.count; f++) {
      for (const ring of rings(footprints.geometry, f)) {
        expect(ring.length).toBeGreaterThanOrEqual(4);
        expect(ring.at(-1)).toEqual(ring[0]);
      }
      const p = footprints.parcel[f];
      if (p < 0) continue;
      expect(p).toBeLessThan(fabric.parcels.geometry.count);
      if (!booleanWithin(footprintPolygon(f), parcelPolygon(p))) {
        throw new Error(`footprint ${f} is not inside its parcel ${p}`);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('places a location inside its own footprint and parcel', () => {
    for (let i = 0; i < loc.count; i++) {
      const at = point([loc.lng[i], loc.lat[i]]);
      const f = loc.footprint[i];
      const p = loc.parcel[i];
      if (f >= 0 && !booleanPointInPolygon(at, footprintPolygon(f)))
        throw new Error(`location ${loc.locationId[i]} is outside its footprint ${f}`);
      if (p >= 0 && !booleanPointInPolygon(at, parcelPolygon(p)))
        throw new Error(`location ${loc.locationId[i]} is outside its parcel ${p}`);
      if (f >= 0 && p >= 0) expect(fabric.footprints.parcel[f]).toBe(p);
    }
  });

  it('offers all four locate situations at the locations of the newest vintage', async () => {
    const store = createMemoryStore(fabric);
    const vintage = fabric.vintages[newest].vintage;
    const seen = new Map<MatchType, number>();
    for (let i = 0; i < loc.count; i++) {
      if (!inNewest(i)) continue;
      const at = { latitude: loc.lat[i], longitude: loc.lng[i], sourcekey: null };
      const [hit] = await store.locate(vintage, at, locateOptions({}));
      if (hit) seen.set(hit.matchtype, (seen.get(hit.matchtype) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(['Footprint', 'FootprintParcel', 'Nearest', 'Parcel']);
  });

  it('retires locations only to an equivalent that exists in the newest vintage', () => {
    const index = new Map<number, number>();
    for (let i = 0; i < loc.count; i++) index.set(loc.locationId[i], i);
    let retired = 0;
    for (let i = 0; i < loc.count; i++) {
      expect(loc.presence[i]).not.toBe(0);
      const equivalent = loc.reLocationId[i];
      if (equivalent === 0) continue;
      retired++;
      expect(inNewest(i)).toBe(false);
      const j = index.get(equivalent);
      expect(j).toBeDefined();
      expect(inNewest(j!)).toBe(true);
    }
    expect(retired).toBeGreaterThan(0);
  });

  it('keeps fixed coverage to the locations of its own vintage, with valid codes', () => {
    const technologies = new Set([0, 10, 40, 50, 60, 61, 70, 71, 72]);
    fabric.fixedCoverage.forEach((cov, v) => {
      expect(cov.vintage).toBe(fabric.vintages[v].vintage);
      expect(startsCount(cov.start)).toBe(loc.count);
      const problems: string[] = [];
      for (let i = 0; i < loc.count && problems.length < 5; i++) {
        const id = loc.locationId[i];
        if (startAt(cov.start, i + 1) < startAt(cov.start, i))
          problems.push(`${id}: offsets go backwards`);
        if (startAt(cov.start, i + 1) > startAt(cov.start, i) && (loc.presence[i] & (1 << v)) === 0)
          problems.push(`${id}: coverage in ${cov.vintage}, where the location does not exist`);
        for (let r = startAt(cov.start, i), end = startAt(cov.start, i + 1); r < end; r++) {
          if (cov.offer[r] >= cov.offers.provider.length) problems.push(`${id}: offer ${r}`);
        }
      }
      const { provider, technology, businessResidential } = cov.offers;
      for (let o = 0; o < provider.length; o++) {
        if (!technologies.has(technology[o])) problems.push(`offer ${o}: technology`);
        if (provider[o] >= fabric.fixedProviders.length) problems.push(`offer ${o}: provider`);
        if (businessResidential[o] > 2) problems.push(`offer ${o}: business_residential`);
      }
      expect(problems).toEqual([]);
    });
  });

  it('keys mobile coverage by valid, sorted, distinct resolution-9 cells of the county', () => {
    // The county's bounding box, with a cell's width to spare.
    const ring = fabric.county.boundary.coordinates.flat(2);
    const west = Math.min(...ring.map((c) => c[0])) - 0.01;
    const east = Math.max(...ring.map((c) => c[0])) + 0.01;
    const south = Math.min(...ring.map((c) => c[1])) - 0.01;
    const north = Math.max(...ring.map((c) => c[1])) + 0.01;
    for (const cov of fabric.mobileCoverage) {
      const cells = cov.cellHigh.length;
      expect(cells).toBeGreaterThan(1000);
      expect(cov.start).toHaveLength(cells + 1);
      const problems: string[] = [];
      let previous = -1n;
      for (let c = 0; c < cells && problems.length < 5; c++) {
        const key = (BigInt(cov.cellHigh[c]) << 32n) | BigInt(cov.cellLow[c]);
        if (key <= previous) problems.push(`cell ${c} is out of order`);
        previous = key;
        const cell = splitLongToH3Index(cov.cellLow[c], cov.cellHigh[c]);
        if (!isValidCell(cell) || getResolution(cell) !== 9) problems.push(`bad cell ${cell}`);
        const [lat, lng] = cellToLatLng(cell);
        if (lng < west || lng > east || lat < south || lat > north)
          problems.push(`cell ${cell} lies outside the county`);
        if (cov.start[c + 1] <= cov.start[c]) problems.push(`cell ${cell} has no records`);
        for (let r = cov.start[c]; r < cov.start[c + 1]; r++) {
          if (![3, 4, 5].includes(cov.technology[r]) || cov.minsignal[r] >= 0)
            problems.push(`cell ${cell} record ${r} has a bad technology or signal`);
          if (cov.carrier[r] >= fabric.mobileCarriers.length)
            problems.push(`cell ${cell} record ${r} names no carrier`);
        }
      }
      expect(problems).toEqual([]);
    }
  });

  it('leaves real gaps: some cells without any coverage, more without 5G, fewer each release', () => {
    const county = new Set<string>();
    for (const poly of fabric.county.boundary.coordinates)
      for (const cell of polygonToCells(poly, 9, true)) county.add(cell);
    const shares = fabric.mobileCoverage.map((cov) => {
      let outdoor5g = 0;
      for (let c = 0; c < cov.cellHigh.length; c++) {
        for (let r = cov.start[c]; r < cov.start[c + 1]; r++) {
          if (cov.environment[r] === 0 && cov.technology[r] === 5) {
            outdoor5g++;
            break;
          }
        }
      }
      return {
        uncovered: 1 - cov.cellHigh.length / county.size,
        without5g: 1 - outdoor5g / county.size,
      };
    });
    for (const { uncovered, without5g } of shares) {
      expect(uncovered).toBeGreaterThan(0.03);
      expect(uncovered).toBeLessThan(0.2);
      expect(without5g).toBeGreaterThan(uncovered + 0.1);
    }
    // Networks grow: the newest release covers more than the oldest.
    expect(shares.at(-1)!.uncovered).toBeLessThan(shares[0].uncovered);
    expect(shares.at(-1)!.without5g).toBeLessThan(shares[0].without5g);
  });
});

describe('the county of a generated fabric', () => {
  it('is the demo county when none is named, also right after another county was generated', () => {
    generateFabric({ seed: 3, locations: 400, geoid: '10001' });
    const fabric = generateFabric({ seed: 3, locations: 400 });
    expect(fabric.county.geoid).toBe('17167');
  });
});
