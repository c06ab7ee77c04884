// Fixed broadband tiles over PostGIS against the memory store's over the same imported demo
// fabric: the same points and hexagons, with the same ids, properties and tile coordinates
// (both stores encode with the same functions; only the order of features may differ), under
// several filters and pairs of coverage and fabric vintages.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXED_FILTERS, type FixedFilters } from '../../../../shared/fixed-status';
import { fixedHexTile, fixedTile } from './fixed-tiles';
import { importDemo, type ImportedDemo } from './testing/imported-demo';

let demo: ImportedDemo;

beforeAll(async () => {
  demo = await importDemo(9, 1500);
}, 120_000);

afterAll(async () => {
  await demo?.close();
});

function tileAt(z: number, lng: number, lat: number): [number, number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [z, x, y];
}

/** Every feature of every layer, in a canonical order: what a map draws from the tile. */
function features(bytes: Uint8Array): Record<string, string[]> {
  const tile = new VectorTile(new PbfReader(bytes));
  const out: Record<string, string[]> = {};
  for (const [name, layer] of Object.entries(tile.layers)) {
    const list: string[] = [];
    for (let k = 0; k < layer.length; k++) {
      const f = layer.feature(k);
      list.push(JSON.stringify([f.id, f.type, f.properties, f.loadGeometry(), layer.extent]));
    }
    out[name] = list.sort();
  }
  return out;
}

const FILTERS: FixedFilters[] = [
  DEFAULT_FIXED_FILTERS,
  { audience: 'business', speed: 'bead', tech: 'any', lowLatency: false },
  { audience: 'residential', speed: '100/20', tech: 'wired', lowLatency: false },
  { audience: 'residential', speed: '1000/100', tech: 'fiber', lowLatency: true },
  { audience: 'business', speed: '25/3', tech: 'fixedwireless', lowLatency: true },
];

/** (coverage, fabric) pairs: the matching release, a later fabric, an earlier coverage. */
function pairs(): [string, string][] {
  const v = demo.fabric.vintages.map((x) => x.vintage);
  const cov = demo.fabric.fixedCoverage.map((c) => c.vintage);
  return [
    [cov.at(-1)!, v.at(-1)!],
    [cov[0], v.at(-1)!],
    [cov.at(-1)!, v[0]],
  ];
}

describe('fixed broadband tiles over PostGIS', () => {
  it('draws the points the memory store draws at street zoom, and none further out', async () => {
    const loc = demo.fabric.locations;
    let points = 0;
    for (const [cv, fv] of pairs()) {
      for (let i = 3; i < loc.count; i += 151) {
        for (const z of [12, 13, 15]) {
          const [tz, tx, ty] = tileAt(z, loc.lng[i], loc.lat[i]);
          const want = features(await demo.memory.fixedTile(cv, fv, tz, tx, ty));
          const got = features(await fixedTile(demo.ctx, cv, fv, tz, tx, ty));
          expect(got, `${cv} ${fv} ${tz}/${tx}/${ty}`).toEqual(want);
          points += want.fixed?.length ?? 0;
        }
      }
    }
    expect(points).toBeGreaterThan(2000);
  });

  it('draws the hexagons the memory store draws, with the same counts under each filter', async () => {
    const loc = demo.fabric.locations;
    let cells = 0;
    for (const [cv, fv] of pairs()) {
      for (let i = 5; i < loc.count; i += 307) {
        for (const z of [5, 8, 10, 11, 12]) {
          const [tz, tx, ty] = tileAt(z, loc.lng[i], loc.lat[i]);
          for (const f of FILTERS) {
            const want = features(await demo.memory.fixedHexTile(cv, fv, tz, tx, ty, f));
            const got = features(await fixedHexTile(demo.ctx, cv, fv, tz, tx, ty, f));
            expect(got, `${cv} ${fv} ${tz}/${tx}/${ty} ${JSON.stringify(f)}`).toEqual(want);
            cells += want.fixed_hex?.length ?? 0;
          }
        }
      }
    }
    expect(cells).toBeGreaterThan(1000);
  });

  it('answers an empty tile for an unknown vintage', async () => {
    const [cv, fv] = pairs()[0];
    expect((await fixedTile(demo.ctx, '209906', fv, 14, 4100, 6200)).byteLength).toBe(0);
    expect(
      (await fixedHexTile(demo.ctx, cv, '209906', 8, 64, 97, DEFAULT_FIXED_FILTERS)).length,
    ).toBe(0);
  });
});
