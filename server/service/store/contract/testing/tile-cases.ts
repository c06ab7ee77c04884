// Tiles compared by what a map draws from them, not by bytes (two encoders order features,
// simplify and clip differently): the same layers, the same features in each layer (the same
// id, type and properties, as a multiset), and each feature's geometry in the same place: its
// bounding box in tile units within TILE_UNITS. Points have one vertex; lines and polygons may be
// simplified differently, so their vertex counts are not compared.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import type { Picker } from './pick';

/** How far (in 1/4096 of a tile) a feature's box may move between two encoders. */
export const TILE_UNITS = 2;

export interface TileKey {
  z: number;
  x: number;
  y: number;
}

interface DecodedFeature {
  key: string;
  type: number;
  box: [number, number, number, number];
}

function tileOf(z: number, lng: number, lat: number): TileKey {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return { z, x, y };
}

/** Tiles over sampled locations at each zoom given, their neighbours, and far ones. */
export function tileCases(
  pick: Picker,
  vi: number,
  perZoom: number,
  zooms = [8, 10, 12, 13, 14, 15, 16],
): TileKey[] {
  const l = pick.fabric.locations;
  const seen = new Map<string, TileKey>();
  const add = (t: TileKey) => seen.set(`${t.z}/${t.x}/${t.y}`, t);
  for (const z of zooms) {
    for (const i of pick.sample(pick.present(vi), perZoom)) {
      const t = tileOf(z, l.lng[i], l.lat[i]);
      add(t);
      add({ z, x: t.x + 1, y: t.y });
    }
  }
  add({ z: 0, x: 0, y: 0 });
  add({ z: 5, x: 8, y: 12 });
  add({ z: 15, x: 0, y: 0 });
  return [...seen.values()];
}

function decode(bytes: Uint8Array): Map<string, DecodedFeature[]> {
  const tile = new VectorTile(new PbfReader(bytes));
  const layers = new Map<string, DecodedFeature[]>();
  for (const [name, layer] of Object.entries(tile.layers)) {
    const features: DecodedFeature[] = [];
    for (let k = 0; k < layer.length; k++) {
      const f = layer.feature(k);
      const box: DecodedFeature['box'] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const ring of f.loadGeometry())
        for (const p of ring) {
          box[0] = Math.min(box[0], p.x);
          box[1] = Math.min(box[1], p.y);
          box[2] = Math.max(box[2], p.x);
          box[3] = Math.max(box[3], p.y);
        }
      const props = Object.entries(f.properties).sort(([a], [b]) => (a < b ? -1 : 1));
      features.push({ key: JSON.stringify([f.id ?? null, props]), type: f.type, box });
    }
    const order = (a: DecodedFeature, b: DecodedFeature) =>
      a.key < b.key ? -1 : a.key > b.key ? 1 : a.box[0] - b.box[0] || a.box[1] - b.box[1];
    layers.set(`${name} (extent ${layer.extent})`, features.sort(order));
  }
  return layers;
}

/** How two tiles differ, in words; empty when they draw the same. */
export function tileDifferences(actual: Uint8Array, expected: Uint8Array): string[] {
  const a = decode(actual);
  const e = decode(expected);
  const out: string[] = [];
  for (const name of a.keys()) if (!e.has(name)) out.push(`layer ${name} should not be there`);
  for (const name of e.keys()) if (!a.has(name)) out.push(`layer ${name} is missing`);
  for (const [name, want] of e) {
    const got = a.get(name);
    if (!got) continue;
    const keys = (fs: DecodedFeature[]) => fs.map((f) => f.key);
    const missing = keys(want).filter((k) => !keys(got).includes(k));
    const extra = keys(got).filter((k) => !keys(want).includes(k));
    if (got.length !== want.length || missing.length || extra.length) {
      out.push(
        `${name}: ${got.length} features vs ${want.length}; missing ${missing.slice(0, 3).join(' ')}; extra ${extra.slice(0, 3).join(' ')}`,
      );
      continue;
    }
    want.forEach((w, k) => {
      const g = got[k];
      const moved = w.box.some((v, j) => Math.abs(v - g.box[j]) > TILE_UNITS);
      if (g.type !== w.type || moved)
        out.push(
          `${name} ${w.key}: type ${g.type} box ${g.box.join(',')} vs type ${w.type} box ${w.box.join(',')}`,
        );
    });
  }
  return out;
}

/** Features in a tile, per layer: what makes a tile case worth comparing. */
export function featureCounts(bytes: Uint8Array): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, fs] of decode(bytes)) out[name.split(' ')[0]] = fs.length;
  return out;
}
