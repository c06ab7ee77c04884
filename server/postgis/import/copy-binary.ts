// point_blocks rows in COPY's binary format (PostgreSQL docs, "COPY", "Binary Format"): packed
// bytes go in as they are, with no hex or escaping to double them.
import type { PointColumns } from '../point-blocks';

export const COPY_BINARY_HEADER = Buffer.concat([
  Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
  Buffer.alloc(8), // flags, header extension length
]);
export const COPY_BINARY_TRAILER = Buffer.from([0xff, 0xff]);

/** One field: its length, then its bytes (a null is length -1). */
function field(bytes: Buffer | null): Buffer[] {
  const length = Buffer.alloc(4);
  length.writeInt32BE(bytes ? bytes.length : -1);
  return bytes ? [length, bytes] : [length];
}

const int16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(v);
  return b;
};
const int32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(v);
  return b;
};
const float8 = (v: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(v);
  return b;
};

/** The box of points 0..n-1. */
function boxOf(p: PointColumns, n: number): [number, number, number, number] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let k = 0; k < n; k++) {
    if (p.x[k] < x0) x0 = p.x[k];
    if (p.x[k] > x1) x1 = p.x[k];
    if (p.y[k] < y0) y0 = p.y[k];
    if (p.y[k] > y1) y1 = p.y[k];
  }
  return [x0, y0, x1, y1];
}

/**
 * A row of (layer, vintage, block, first, n, west, south, east, north, points, fields), the columns
 * derive-point-blocks.ts copies in that order.
 */
export function blockTuple(
  layer: number,
  vintage: string,
  block: number,
  first: number,
  n: number,
  points: PointColumns,
  packedPoints: Buffer,
  packedFields: Buffer | null,
): Buffer {
  const box = boxOf(points, n);
  return Buffer.concat([
    int16(11),
    ...field(int16(layer)),
    ...field(Buffer.from(vintage, 'utf8')),
    ...field(int32(block)),
    ...field(int32(first)),
    ...field(int32(n)),
    ...box.flatMap((v) => field(float8(v))),
    ...field(packedPoints),
    ...field(packedFields),
  ]);
}
