// The fabric's vector tiles over PostGIS against the memory store's over the same imported demo
// fabric: the same layers, the same features with the same properties, each where the memory
// store draws it (to a tile unit: ST_AsMVTGeom and geojson-vt round and clip on their own).
import { VectorTile, type VectorTileLayer } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tile } from './tiles';
import { importDemo, type ImportedDemo } from './testing/imported-demo';

let demo: ImportedDemo;

beforeAll(async () => {
  demo = await importDemo(7, 1500);
}, 120_000);

afterAll(async () => {
  await demo?.close();
});

/** The tile of zoom z holding (lng, lat). */
function tileAt(z: number, lng: number, lat: number): [number, number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [z, x, y];
}

interface Drawn {
  key: string;
  box: [number, number, number, number];
}

function area(ring: { x: number; y: number }[]): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    twice += (ring[j].x - ring[i].x) * (ring[j].y + ring[i].y);
  return twice / 2;
}

/** Each feature a layer draws: its properties (the key to pair it by) and its geometry's box. */
function drawn(layer: VectorTileLayer): Drawn[] {
  const out: Drawn[] = [];
  for (let f = 0; f < layer.length; f++) {
    const feature = layer.feature(f);
    const rings = feature.loadGeometry();
    const points = rings.flat();
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    // A line of no length or a polygon of no area draws nothing: geojson-vt keeps such a piece
    // where a feature just touches the buffer's edge, ST_AsMVTGeom drops it.
    if (feature.type === 2 && points.every((p) => p.x === xs[0] && p.y === ys[0])) continue;
    if (feature.type === 3 && rings.every((r) => area(r) === 0)) continue;
    const key = JSON.stringify(Object.entries(feature.properties).sort(), (_k, v) => v);
    out.push({
      key: `${feature.type} ${feature.id ?? '-'} ${key}`,
      box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

async function compare(v: string, z: number, x: number, y: number): Promise<number> {
  const expected = new VectorTile(new PbfReader(await demo.memory.tile(v, z, x, y)));
  const got = new VectorTile(new PbfReader(await tile(demo.ctx, v, z, x, y)));
  const names = Object.keys(expected.layers);
  expect(Object.keys(got.layers).sort(), `${v} ${z}/${x}/${y}`).toEqual(names.sort());
  let features = 0;
  for (const name of names) {
    const want = drawn(expected.layers[name]);
    const have = drawn(got.layers[name]);
    expect(
      have.map((d) => d.key),
      `${name} of ${v} ${z}/${x}/${y}`,
    ).toEqual(want.map((d) => d.key));
    // Pair each feature with the nearest unpaired one of the same properties (a road's parts).
    const left = [...want];
    for (const d of have) {
      const gap = (w: Drawn) => Math.max(...w.box.map((b, c) => Math.abs(b - d.box[c])));
      const same = left.filter((w) => w.key === d.key);
      const nearest = same.reduce((a, b) => (gap(b) < gap(a) ? b : a));
      expect(gap(nearest), `${name} ${d.key} of ${v} ${z}/${x}/${y}`).toBeLessThanOrEqual(1);
      left.splice(left.indexOf(nearest), 1);
    }
    expect(got.layers[name].extent).toBe(4096);
    features += want.length;
  }
  return features;
}

describe('fabric tiles over PostGIS', () => {
  it('draws the features the memory store draws, at every zoom that has layers', async () => {
    const { fabric } = demo;
    const loc = fabric.locations;
    let features = 0;
    const seen = new Set<string>();
    for (const [vi, { vintage }] of fabric.vintages.entries()) {
      for (let i = vi * 11; i < loc.count; i += 97) {
        for (const z of [5, 8, 11, 13, 14, 16]) {
          const [tz, tx, ty] = tileAt(z, loc.lng[i], loc.lat[i]);
          const key = `${vintage}/${tz}/${tx}/${ty}`;
          if (seen.has(key)) continue;
          seen.add(key);
          features += await compare(vintage, tz, tx, ty);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(100);
    expect(features).toBeGreaterThan(10_000);
  });

  it('answers an empty tile far from the fabric and for an unknown vintage', async () => {
    const v = demo.fabric.vintages[0].vintage;
    expect((await tile(demo.ctx, v, 14, 0, 0)).byteLength).toBe(0);
    expect((await tile(demo.ctx, '209912', 14, 4000, 6000)).byteLength).toBe(0);
    expect(await compare(v, 14, 0, 0)).toBe(0);
  });
});
