// One layer of points straight into a vector tile. A dense street tile holds thousands of
// locations; geojson-vt's general path (GeoJSON in, clipping, simplification indexes) cost
// several times vt-pbf's encoding for them, and points need none of it: each is projected
// and rounded to tile units as geojson-vt does, the caller having kept only those inside the
// tile and its buffer. The bytes are vt-pbf's (same fields, same order, same key and value
// tables, point-tile.test.ts compares them), written without its wrapper, point and key
// string objects per feature: at a million locations a street tile of 7,000 points allocated
// about 12 MB that way, garbage that outlived the young generation and grew the heap.
import { PbfWriter } from 'pbf';
import { fromGeojsonVt } from 'vt-pbf';
import { TILE_EXTENT } from './tile-grid';

export interface TilePoint {
  id: number;
  lng: number;
  lat: number;
  properties: Record<string, string | number>;
}

function tileX(lng: number, z: number, x: number): number {
  return Math.round(TILE_EXTENT * ((lng / 360 + 0.5) * 2 ** z - x));
}

function tileY(lat: number, z: number, y: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const my = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  const worldY = my < 0 ? 0 : my > 1 ? 1 : my;
  return Math.round(TILE_EXTENT * (worldY * 2 ** z - y));
}

/** Web Mercator of (lng, lat) in tile (z, x, y)'s units, rounded (geojson-vt's projection). */
export function tileUnits(lng: number, lat: number, z: number, x: number, y: number) {
  return [tileX(lng, z, x), tileY(lat, z, y)] as const;
}

/** What writing one layer keeps: its key and value tables, in order of first use. */
interface LayerState {
  name: string;
  points: readonly TilePoint[];
  z: number;
  x: number;
  y: number;
  keys: string[];
  keyIndex: Map<string, number>;
  values: (string | number)[];
  /** vt-pbf keys its value table by `${typeof value}:${value}`: a string and a number apart. */
  stringIndex: Map<string, number>;
  numberIndex: Map<number, number>;
  /** The point being written. */
  point: TilePoint;
}

const zigzag = (n: number) => (n << 1) ^ (n >> 31);

function writeProperties(s: LayerState, pbf: PbfWriter): void {
  const properties = s.point.properties;
  for (const key in properties) {
    const value = properties[key];
    if (value === null || value === undefined) continue;
    let k = s.keyIndex.get(key);
    if (k === undefined) {
      k = s.keys.push(key) - 1;
      s.keyIndex.set(key, k);
    }
    pbf.writeVarint(k);
    const index = typeof value === 'number' ? s.numberIndex : s.stringIndex;
    let v = (index as Map<string | number, number>).get(value);
    if (v === undefined) {
      v = s.values.push(value) - 1;
      (index as Map<string | number, number>).set(value, v);
    }
    pbf.writeVarint(v);
  }
}

function writeGeometry(s: LayerState, pbf: PbfWriter): void {
  pbf.writeVarint((1 << 3) + 1); // moveto, one point
  pbf.writeVarint(zigzag(tileX(s.point.lng, s.z, s.x)));
  pbf.writeVarint(zigzag(tileY(s.point.lat, s.z, s.y)));
}

function writeFeature(s: LayerState, pbf: PbfWriter): void {
  pbf.writeVarintField(1, s.point.id);
  pbf.writeMessage(2, writeProperties, s);
  pbf.writeVarintField(3, 1); // point
  pbf.writeMessage(4, writeGeometry, s);
}

function writeValue(value: string | number, pbf: PbfWriter): void {
  if (typeof value === 'string') pbf.writeStringField(1, value);
  else if (value % 1 !== 0) pbf.writeDoubleField(3, value);
  else if (value < 0) pbf.writeSVarintField(6, value);
  else pbf.writeVarintField(5, value);
}

function writeLayer(s: LayerState, pbf: PbfWriter): void {
  pbf.writeVarintField(15, 2); // version
  pbf.writeStringField(1, s.name);
  pbf.writeVarintField(5, TILE_EXTENT);
  for (const point of s.points) {
    s.point = point;
    pbf.writeMessage(2, writeFeature, s);
  }
  for (const key of s.keys) pbf.writeStringField(3, key);
  for (const value of s.values) pbf.writeMessage(4, writeValue, value);
}

/** MVT bytes of one point layer; no layer at all when there are no points. */
export function encodePointTile(
  layer: string,
  points: readonly TilePoint[],
  z: number,
  x: number,
  y: number,
): Uint8Array {
  if (points.length === 0) return fromGeojsonVt({}, { version: 2, extent: TILE_EXTENT });
  const out = new PbfWriter();
  out.writeMessage(3, writeLayer, {
    name: layer,
    points,
    z,
    x,
    y,
    keys: [],
    keyIndex: new Map(),
    values: [],
    stringIndex: new Map(),
    numberIndex: new Map(),
    point: points[0]!,
  } satisfies LayerState);
  return out.finish();
}
