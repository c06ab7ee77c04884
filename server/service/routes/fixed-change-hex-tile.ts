// The net-change hexagon tile (README, "Compare releases"): layer `fixed_change_hex`, one H3 cell per
// cell of either release's `fixed_hex` tile, with both releases' counts (suffix _a for the
// path's vintages, _b for `with`/`withfabric`) and the net changes after − before
// (shared/fixed-change-hex.ts says why two releases' counts give the net over the union of
// their locations). Built from two hexagon tiles the store already answers, so every store
// draws the same cells; rings come from H3 again, as each store draws them.
import { VectorTile } from '@mapbox/vector-tile';
import { cellToBoundary } from '../../contract/h3';
import { PbfReader } from 'pbf';
import {
  FEW_BSLS,
  HEX_COUNT_NAMES,
  NET_NAMES,
  netServedShare,
  type HexCountName,
  type Side,
} from '../../../shared/fixed-change-hex';
import { encodeTile } from '../store/rules/tile-grid';

const CHANGE_HEX_LAYER = 'fixed_change_hex';

type Counts = Record<HexCountName, number>;

const NONE: Counts = Object.fromEntries(HEX_COUNT_NAMES.map((n) => [n, 0])) as Counts;

function decodeCells(bytes: Uint8Array): Map<string, Counts> {
  const out = new Map<string, Counts>();
  if (bytes.length === 0) return out;
  const layer = new VectorTile(new PbfReader(bytes)).layers.fixed_hex;
  if (!layer) return out;
  for (let i = 0; i < layer.length; i++) {
    const p = layer.feature(i).properties;
    const counts = { ...NONE };
    for (const name of HEX_COUNT_NAMES) counts[name] = Number(p[name] ?? 0);
    out.set(String(p.h3), counts);
  }
  return out;
}

/** One cell's properties: both sides' counts, the net changes, the shade's share, few. */
export function changeHexProperties(
  h3: string,
  a: Counts,
  b: Counts,
  earlier: Side,
): Record<string, string | number> {
  const [before, after] = earlier === 'a' ? [a, b] : [b, a];
  const props: Record<string, string | number> = { h3 };
  for (const name of HEX_COUNT_NAMES) {
    props[`${name}_a`] = a[name];
    props[`${name}_b`] = b[name];
  }
  for (const name of NET_NAMES) props[`net_${name}`] = after[name] - before[name];
  props.net_share = netServedShare(after.served - before.served, a.bsls, b.bsls);
  props.few = Math.max(a.bsls, b.bsls) < FEW_BSLS ? 1 : 0;
  return props;
}

export interface ChangeHexTileInput {
  /** `fixed_hex` tiles of the two sides, same tile and filters. */
  a: Uint8Array;
  b: Uint8Array;
  earlier: Side;
  z: number;
  x: number;
  y: number;
}

export function composeChangeHexTile(input: ChangeHexTileInput): Uint8Array {
  const a = decodeCells(input.a);
  const b = decodeCells(input.b);
  const features = [...new Set([...a.keys(), ...b.keys()])].map((h3): GeoJSON.Feature => ({
    type: 'Feature',
    properties: changeHexProperties(h3, a.get(h3) ?? NONE, b.get(h3) ?? NONE, input.earlier),
    geometry: { type: 'Polygon', coordinates: [cellToBoundary(h3, true)] },
  }));
  return encodeTile({ [CHANGE_HEX_LAYER]: features }, input.z, input.x, input.y);
}
