// The compare tile of the fixed broadband layer (README, "Compare releases"): layer `fixed_change`,
// one point per location in either of two releases' street tiles, carrying both sides' facts
// (suffix _a for the path's vintages, _b for `with`/`withfabric`) so the web classifies each
// location (shared/fixed-change.ts) under any filter without a fetch. Built from two `fixed`
// tiles the store already answers (any store, the database one included): decoded, joined by
// location_id, encoded again in the same tile units.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { fromGeojsonVt } from 'vt-pbf';
import { TILE_EXTENT } from '../store/rules/tile-grid';

const CHANGE_LAYER = 'fixed_change';

/** The per-release properties of a `fixed` point, carried once per side. */
const SIDE_PROPERTIES = ['bsl', 'inrelease', 'offers', 'r', 'b'] as const;

interface DecodedPoint {
  id: number;
  x: number;
  y: number;
  properties: Record<string, string | number | boolean>;
}

function decodeFixedPoints(bytes: Uint8Array): Map<number, DecodedPoint> {
  const layer = new VectorTile(new PbfReader(bytes)).layers.fixed;
  const out = new Map<number, DecodedPoint>();
  if (!layer) return out;
  for (let i = 0; i < layer.length; i++) {
    const f = layer.feature(i);
    const point = f.loadGeometry()[0]?.[0];
    if (!point) continue;
    const id = Number(f.properties.location_id);
    out.set(id, { id, x: point.x, y: point.y, properties: f.properties });
  }
  return out;
}

/** The two tiles joined. `reOf` gives a retired location's equivalent (history), or null. */
export interface ChangeTileInput {
  a: Uint8Array;
  b: Uint8Array;
  /** Which side is the later fabric release ('a' or 'b'), or null when both are the same. */
  later: 'a' | 'b' | null;
  reOf: (locationId: number) => Promise<number | null>;
}

export async function composeChangeTile(input: ChangeTileInput): Promise<Uint8Array> {
  const sides = { a: decodeFixedPoints(input.a), b: decodeFixedPoints(input.b) };
  const ids = new Set([...sides.a.keys(), ...sides.b.keys()]);
  if (ids.size === 0) return fromGeojsonVt({}, { version: 2, extent: TILE_EXTENT });
  const earlier = input.later === 'a' ? 'b' : 'a';
  // Retired: in the earlier release's tile, not in the later one's.
  const replacedBy = new Map<number, number>();
  if (input.later) {
    for (const id of sides[earlier].keys()) {
      if (sides[input.later].has(id)) continue;
      const re = await input.reOf(id);
      if (re !== null) replacedBy.set(id, re);
    }
  }
  const replaces = new Map<number, number>();
  for (const [old, re] of replacedBy) replaces.set(re, old);
  const features = [...ids].map((id) => {
    const pa = sides.a.get(id);
    const pb = sides.b.get(id);
    const any = (pa ?? pb)!;
    const tags: Record<string, string | number> = {
      location_id: id,
      units: Number(any.properties.units ?? 0),
      building: String(any.properties.building ?? ''),
      present_a: pa ? 1 : 0,
      present_b: pb ? 1 : 0,
    };
    for (const [suffix, p] of [
      ['a', pa],
      ['b', pb],
    ] as const) {
      for (const name of SIDE_PROPERTIES) {
        const value = p?.properties[name];
        tags[`${name}_${suffix}`] = typeof value === 'boolean' ? Number(value) : (value ?? 0);
      }
    }
    const re = replacedBy.get(id);
    if (re !== undefined) tags.re_location_id = re;
    const old = replaces.get(id);
    if (old !== undefined) tags.replaces = old;
    return { id, type: 1 as const, geometry: [[any.x, any.y]], tags };
  });
  // vt-pbf reads only these members of a geojson-vt tile.
  const tile = { features } as unknown as Parameters<typeof fromGeojsonVt>[0][string];
  return fromGeojsonVt({ [CHANGE_LAYER]: tile }, { version: 2, extent: TILE_EXTENT });
}
