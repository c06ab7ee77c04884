import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { generateFabric } from '../../../../demo/generate-fabric';
import { buildFabricIndex } from '../fabric-index';
import {
  FIXTURE_LOCATIONS,
  FIXTURE_ORIGIN,
  buildFixtureFabric,
  fixtureLngLat,
} from '../../../testing/fixture-fabric';
import { ByteLru } from '../../rules/lru';
import { townFeatures, townLabelName } from './tile-features';
import { tileBBox } from '../../rules/tile-grid';
import { createTileSource } from './tiles';

const ix = buildFabricIndex(buildFixtureFabric());

function tileAt(z: number, lng: number, lat: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [x, y];
}

function decode(bytes: Uint8Array): VectorTile {
  return new VectorTile(new PbfReader(bytes));
}

function props(t: VectorTile, layer: string) {
  const l = t.layers[layer];
  return l ? Array.from({ length: l.length }, (_, k) => l.feature(k).properties) : [];
}

/** Fixture locations of a vintage whose point lies in tile (z, x, y), by an independent tile formula. */
function expectedIds(vi: number, z: number, x: number, y: number): number[] {
  return FIXTURE_LOCATIONS.filter((l) => l.presence & (1 << vi))
    .filter((l) => tileAt(z, ...fixtureLngLat(l.x, l.y)).join() === [x, y].join())
    .map((l) => l.id);
}

describe('vector tiles', () => {
  const [x, y] = tileAt(15, ...fixtureLngLat(100, 50));

  it('decodes with every fabric layer and their properties at a street zoom', () => {
    const t = decode(createTileSource(ix).tile(4, 15, x, y));
    expect(Object.keys(t.layers).sort()).toEqual([
      'footprints',
      'locations',
      'parcels',
      'roads',
      'towns',
    ]);
    const roads = props(t, 'roads');
    expect(roads).toContainEqual({ name: 'OAK ST', class: 'minor' });
    expect(roads).toContainEqual({ name: 'S MAIN ST', class: 'arterial' });
    const ids = props(t, 'locations').map((p) => p.location_id);
    expect(expectedIds(4, 15, x, y)).toContain(1000000001);
    expect(ids).toEqual(expect.arrayContaining(expectedIds(4, 15, x, y)));
    expect(ids).not.toContain(1000000010); // 1.7 km east, another tile
    expect(t.layers.locations.feature(0).type).toBe(1);
    expect(t.layers.parcels.feature(0).type).toBe(3);
    expect(t.layers.footprints.length).toBeGreaterThan(0);
  });

  it('shows the locations of the vintage asked for', () => {
    const source = createTileSource(ix);
    const ids = (vi: number) =>
      props(decode(source.tile(vi, 15, x, y)), 'locations').map((p) => p.location_id);
    expect(ids(4)).not.toContain(1000000008); // retired after 202312
    expect(ids(0)).toContain(1000000008);
  });

  it('places features where they are', () => {
    const t = decode(createTileSource(ix).tile(4, 16, ...tileAt(16, ...fixtureLngLat(20, 30))));
    const l = t.layers.locations;
    const k = props(t, 'locations').findIndex((p) => p.location_id === 1000000001);
    const geo = l.feature(k).toGeoJSON(...tileAt(16, ...fixtureLngLat(20, 30)), 16)
      .geometry as GeoJSON.Point;
    const [lng, lat] = fixtureLngLat(20, 30);
    expect(geo.coordinates[0]).toBeCloseTo(lng, 4);
    expect(geo.coordinates[1]).toBeCloseTo(lat, 4);
  });

  it('leaves small features out at low zoom and answers an empty tile far away', () => {
    const [x10, y10] = tileAt(10, FIXTURE_ORIGIN.lng, FIXTURE_ORIGIN.lat);
    const low = decode(createTileSource(ix).tile(4, 10, x10, y10));
    expect(Object.keys(low.layers).sort()).toEqual(['roads', 'towns']);
    const far = decode(createTileSource(ix).tile(4, 15, 0, 0));
    expect(Object.keys(far.layers)).toEqual([]);
  });

  it('labels each city of the vintage once, at the middle of its lowest ZIP', () => {
    // A generated county: Springfield has several ZIP codes.
    const county = buildFabricIndex(generateFabric({ seed: 3, locations: 1500 }));
    const loc = county.fabric.locations;
    const springfield = new Set(county.fabric.towns.filter((t) => t.name === 'Springfield'));
    expect(springfield.size).toBeGreaterThan(1);
    for (const vi of [0, 4]) {
      const labels = townFeatures(county, vi);
      const cities = new Set<string>();
      for (let i = 0; i < loc.count; i++)
        if (loc.presence[i] & (1 << vi)) cities.add(county.fabric.towns[loc.town[i]].name);
      expect(labels.map((l) => l.properties!.name).sort()).toEqual([...cities].sort());
      for (const label of labels) {
        const [lng, lat] = (label.geometry as GeoJSON.Point).coordinates;
        const zips: string[] = [];
        const around = { w: 0, e: 0, s: 0, n: 0, same: 0 };
        for (let i = 0; i < loc.count; i++) {
          const town = county.fabric.towns[loc.town[i]];
          if (!(loc.presence[i] & (1 << vi)) || town.name !== label.properties!.name) continue;
          zips.push(town.zip);
          if (town.zip !== label.properties!.zip) continue;
          around.same++;
          if (loc.lng[i] <= lng) around.w++;
          if (loc.lng[i] >= lng) around.e++;
          if (loc.lat[i] <= lat) around.s++;
          if (loc.lat[i] >= lat) around.n++;
        }
        expect(label.properties!.zip).toBe(zips.sort()[0]);
        // A median: at least half of the ZIP's locations on each side, on each axis.
        for (const side of [around.w, around.e, around.s, around.n])
          expect(side * 2).toBeGreaterThanOrEqual(around.same);
      }
    }
    expect(townLabelName('NEW BERLIN')).toBe('New Berlin');
    expect(townLabelName("O'FALLON 2ND")).toBe("O'Fallon 2nd");
  });

  it('caches tiles and keeps the cache bounded', () => {
    const source = createTileSource(ix, new ByteLru(2, 1 << 20));
    const a = source.tile(4, 15, x, y);
    expect(source.tile(4, 15, x, y)).toBe(a);
    source.tile(4, 15, x + 1, y);
    source.tile(4, 15, x + 2, y);
    expect(source.cacheSize).toBe(2);
    expect(source.tile(4, 15, x, y)).not.toBe(a);
  });

  it('computes tile boxes that hold their tile', () => {
    const [w, s, e, n] = tileBBox(15, ...tileAt(15, FIXTURE_ORIGIN.lng, FIXTURE_ORIGIN.lat));
    expect(w).toBeLessThan(FIXTURE_ORIGIN.lng);
    expect(e).toBeGreaterThan(FIXTURE_ORIGIN.lng);
    expect(s).toBeLessThan(FIXTURE_ORIGIN.lat);
    expect(n).toBeGreaterThan(FIXTURE_ORIGIN.lat);
  });
});
