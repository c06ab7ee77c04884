// The release's locations inside an area, as summarize and the area report need them: the
// blocks of point_blocks that meet the area (block-cover.ts) read packed, each point of a block
// the area's edges cut tested with the memory store's own area index, the memory store's edge-test limit counted over the same
// points. Fields are read with the points when the blocks hold at most `maxcount` (else only
// once the count inside is known to be within it).
import { BLOCK_LAYER, type FieldColumns } from '../../../postgis/point-blocks';
import { buildAreaIndex, type AreaIndex } from '../rules/area-index';
import { countedEdgeTests, mayPassEdgeLimit, refuseDenseArea } from '../rules/summary-rows';
import type { Area } from '../store';
import { CUT, INSIDE, OUTSIDE, classifyBlocks } from './block-cover';
import { blocksMeeting, readBlocks, type ReadBlocks } from './blocks';
import type { PgContext } from './context';

export interface AreaLocations {
  /** Positions (into the columns) of the locations inside, in block order. */
  inside: Uint32Array;
  /** The points read: features and coordinates. */
  read: ReadBlocks;
  /** The fields of the points read; null when more than maxcount are inside. */
  fields: FieldColumns | null;
}

/** Per context: every location of any release (what the edge-test limit is weighed against). */
const fabricSizes = new WeakMap<PgContext, Promise<number>>();

function fabricSize(ctx: PgContext): Promise<number> {
  let size = fabricSizes.get(ctx);
  if (!size) {
    size = ctx.pool
      .query<{ n: number }>('SELECT count(*)::float8 AS n FROM location_features')
      .then((r) => r.rows[0].n);
    // A failed read is not remembered (the database was down): the next area asks again.
    size.catch(() => fabricSizes.delete(ctx));
    fabricSizes.set(ctx, size);
  }
  return size;
}

/** Positions of the points inside: every point of a covered block, tested ones of a cut block. */
function insideOf(read: ReadBlocks, index: AreaIndex, kinds: Uint8Array): Uint32Array {
  const [x0, y0, x1, y1] = index.bbox;
  const { x, y } = read.points;
  const out = new Uint32Array(read.count);
  let n = 0;
  read.starts.forEach((from, b) => {
    const to = b + 1 < read.starts.length ? read.starts[b + 1] : read.count;
    if (kinds[b] === INSIDE) {
      for (let k = from; k < to; k++) out[n++] = k;
      return;
    }
    for (let k = from; k < to; k++) {
      const px = x[k];
      const py = y[k];
      if (px >= x0 && px <= x1 && py >= y0 && py <= y1 && index.contains(px, py)) out[n++] = k;
    }
  });
  return out.subarray(0, n);
}

export async function areaLocations(
  ctx: PgContext,
  vintage: string,
  area: Area,
  maxcount: number,
  maxEdgeTests: number,
): Promise<AreaLocations> {
  const index = buildAreaIndex(area);
  const [a, b, c, d] = index.bbox;
  const layer = BLOCK_LAYER.locations;
  const meeting = a <= c && b <= d ? await blocksMeeting(ctx, layer, vintage, index.bbox) : [];
  // When the edge tests must be counted, they are counted over every point in the area's box
  // (as the memory store counts them), so every block meeting it is read.
  const counting = mayPassEdgeLimit(index.maxEdgesRead, await fabricSize(ctx), maxEdgeTests);
  const all = new Uint8Array(meeting.length).fill(CUT);
  const cover = counting
    ? all
    : classifyBlocks(
        area,
        index,
        meeting.map((m) => m.box),
      );
  const blocks = meeting.filter((_, k) => cover[k] !== OUTSIDE);
  const kinds = cover.filter((kind) => kind !== OUTSIDE);
  const upTo = blocks.reduce((s, m) => s + m.n, 0);
  const read = await readBlocks(ctx, layer, vintage, blocks, {
    points: true,
    fields: upTo <= maxcount,
  });
  if (counting) {
    let tests = 0;
    for (let k = 0; k < read.count; k++) {
      const px = read.points.x[k];
      const py = read.points.y[k];
      if (px >= a && px <= c && py >= b && py <= d)
        tests += countedEdgeTests(index.edgesAt(px, py));
    }
    refuseDenseArea(tests, maxEdgeTests);
  }
  const inside = insideOf(read, index, kinds);
  if (inside.length > maxcount) return { inside, read, fields: null };
  const fields =
    read.fields ??
    (await readBlocks(ctx, layer, vintage, blocks, { points: false, fields: true })).fields;
  return { inside, read, fields };
}
