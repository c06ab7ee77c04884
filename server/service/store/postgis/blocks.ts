// Reading point_blocks (server/postgis/point-blocks.ts): which blocks of a layer meet a box, and
// their packed points (and fields), concatenated into columns over every block read.
import {
  fieldColumns,
  pointColumns,
  unpackFields,
  unpackPoints,
  type FieldColumns,
  type PointColumns,
} from '../../../postgis/point-blocks';
import type { PgContext } from './context';

export type Box = [number, number, number, number];

export interface BlockMeta {
  block: number;
  /** Position of the block's first point in the layer's order. */
  first: number;
  n: number;
  /** The box of its points. */
  box: Box;
}

/** Points of several blocks, in the order asked: block k's points start at `starts[k]`. */
export interface ReadBlocks {
  count: number;
  starts: number[];
  points: PointColumns;
  fields: FieldColumns | null;
}

/**
 * Blocks of the layer whose box meets `box` (exactly, in doubles: the index's boxes are only
 * rounded outwards) and whose positions meet first..last, ascending.
 */
export async function blocksMeeting(
  ctx: PgContext,
  layer: number,
  vintage: string,
  [x0, y0, x1, y1]: Box,
  range: [number, number] = [0, 2 ** 31 - 1],
): Promise<BlockMeta[]> {
  const { rows } = await ctx.pool.query<{ block: number; first: number; n: number; box: Box }>({
    name: 'point-blocks-meeting',
    text: `SELECT block, first, n, ARRAY[west, south, east, north] AS box FROM point_blocks
            WHERE layer = $1 AND vintage = $2 AND box && ST_MakeEnvelope($3, $4, $5, $6, 4326)
              AND west <= $5 AND east >= $3 AND south <= $6 AND north >= $4
              AND first <= $8 AND first + n - 1 >= $7
            ORDER BY block`,
    values: [layer, vintage, x0, y0, x1, y1, range[0], range[1]],
  });
  return rows;
}

/** How many points the layer holds (positions are 0 .. count - 1). */
export async function layerSize(ctx: PgContext, layer: number, vintage: string): Promise<number> {
  const { rows } = await ctx.pool.query<{ size: number }>({
    name: 'point-blocks-size',
    text: `SELECT coalesce(max(first + n), 0) AS size FROM point_blocks WHERE layer = $1 AND vintage = $2`,
    values: [layer, vintage],
  });
  return rows[0].size;
}

/** The packed points (and, when asked, fields) of the listed blocks, in the order listed. */
export async function readBlocks(
  ctx: PgContext,
  layer: number,
  vintage: string,
  blocks: BlockMeta[],
  what: { points: boolean; fields: boolean },
): Promise<ReadBlocks> {
  const starts: number[] = [];
  let count = 0;
  for (const b of blocks) {
    starts.push(count);
    count += b.n;
  }
  const out: ReadBlocks = {
    count,
    starts,
    points: pointColumns(what.points ? count : 0),
    fields: what.fields ? fieldColumns(count) : null,
  };
  if (blocks.length === 0) return out;
  const { rows } = await ctx.pool.query<{
    block: number;
    points: Buffer | null;
    fields: Buffer | null;
  }>({
    name: 'point-blocks-read',
    text: `SELECT block, CASE WHEN $4 THEN points END AS points, CASE WHEN $5 THEN fields END AS fields
             FROM point_blocks WHERE layer = $1 AND vintage = $2 AND block = ANY($3)`,
    values: [layer, vintage, blocks.map((b) => b.block), what.points, what.fields],
  });
  const at = new Map(blocks.map((b, k) => [b.block, k]));
  for (const r of rows) {
    const k = at.get(r.block)!;
    const n = blocks[k].n;
    if (what.points && r.points) unpackPoints(r.points, n, out.points, starts[k]);
    if (out.fields && r.fields) unpackFields(r.fields, n, out.fields, starts[k]);
  }
  return out;
}
