// The layout of point_blocks (schema.sql): a layer's points in spatial order, cut into blocks,
// each block's points packed column by column in two byte strings, written by the importer
// (import/derive-point-blocks.ts) and read by the PostGIS store's summarize and collect3. An
// area then reads a few hundred rows of packed numbers instead of one row per location.
// Little-endian, as the typed arrays of every platform Node runs on.
import { endianness } from 'node:os';

if (endianness() !== 'LE') throw new Error('point blocks are packed little-endian');

/** Points per block: small enough that an area's edge wastes little, large enough to be few rows. */
export const BLOCK_POINTS = 512;

/** Layer codes, as uuids encode them. */
export const BLOCK_LAYER = { locations: 0, parcels: 1, footprints: 2 } as const;

/** Where a point is, and which feature it stands for (a location's or polygon's feature index). */
export interface PointColumns {
  x: Float64Array;
  y: Float64Array;
  feature: Uint32Array;
}

/** What summarize groups and sums by, per location (labels are codes of point_block_labels). */
export interface FieldColumns {
  h3High: Uint32Array;
  h3Low: Uint32Array;
  unitCount: Uint32Array;
  maxDown: Uint32Array;
  maxUp: Uint32Array;
  buildingType: Uint16Array;
  landUse: Uint16Array;
  state: Uint16Array;
  county: Uint16Array;
  providers: Uint16Array;
  fiberProviders: Uint16Array;
  bslFlag: Uint8Array;
  servedStatus: Uint8Array;
}

type Ctor =
  Float64ArrayConstructor | Uint32ArrayConstructor | Uint16ArrayConstructor | Uint8ArrayConstructor;
const POINT_COLUMNS: [keyof PointColumns, Ctor][] = [
  ['x', Float64Array],
  ['y', Float64Array],
  ['feature', Uint32Array],
];
// Widest first, so every column starts aligned to its element size.
const FIELD_COLUMNS: [keyof FieldColumns, Ctor][] = [
  ['h3High', Uint32Array],
  ['h3Low', Uint32Array],
  ['unitCount', Uint32Array],
  ['maxDown', Uint32Array],
  ['maxUp', Uint32Array],
  ['buildingType', Uint16Array],
  ['landUse', Uint16Array],
  ['state', Uint16Array],
  ['county', Uint16Array],
  ['providers', Uint16Array],
  ['fiberProviders', Uint16Array],
  ['bslFlag', Uint8Array],
  ['servedStatus', Uint8Array],
];

const bytesPer = (columns: [string, Ctor][]) =>
  columns.reduce((s, [, C]) => s + C.BYTES_PER_ELEMENT, 0);

/** Empty columns for n points. */
function allocate<T>(columns: [keyof T, Ctor][], n: number): T {
  return Object.fromEntries(columns.map(([name, C]) => [name, new C(n)])) as T;
}
export const pointColumns = (n: number) => allocate<PointColumns>(POINT_COLUMNS, n);
export const fieldColumns = (n: number) => allocate<FieldColumns>(FIELD_COLUMNS, n);

/** Points 0..n-1 of the columns, packed. */
function pack<T>(columns: [keyof T, Ctor][], from: T, n: number): Buffer {
  const out = Buffer.alloc(n * bytesPer(columns as [string, Ctor][]));
  let at = 0;
  for (const [name] of columns) {
    const col = from[name] as unknown as Uint8Array;
    const bytes = new Uint8Array(col.buffer, col.byteOffset, n * col.BYTES_PER_ELEMENT);
    out.set(bytes, at);
    at += bytes.length;
  }
  return out;
}
export const packPoints = (c: PointColumns, n: number) => pack(POINT_COLUMNS, c, n);
export const packFields = (c: FieldColumns, n: number) => pack(FIELD_COLUMNS, c, n);

/** Copies a block of n packed points into `into` from position `at`. */
function unpack<T>(columns: [keyof T, Ctor][], packed: Uint8Array, n: number, into: T, at: number) {
  // One copy to an aligned buffer; the driver's may start anywhere.
  const bytes = new Uint8Array(packed);
  let offset = 0;
  for (const [name, C] of columns) {
    (into[name] as unknown as Uint8Array).set(new C(bytes.buffer, offset, n) as never, at);
    offset += n * C.BYTES_PER_ELEMENT;
  }
}
export const unpackPoints = (p: Uint8Array, n: number, into: PointColumns, at: number) =>
  unpack(POINT_COLUMNS, p, n, into, at);
export const unpackFields = (p: Uint8Array, n: number, into: FieldColumns, at: number) =>
  unpack(FIELD_COLUMNS, p, n, into, at);
