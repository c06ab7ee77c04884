// collect3 over the database. A layer is its points in spatial order (point_blocks: locations of
// the release; one point on the surface of each parcel or footprint, the memory store's own
// pointOnSurface), and a part is a range of positions in that order (CollectPart's `node`). A
// part whose blocks meeting the area hold at most partSize points is answered: the uuids of
// those inside the area, by the memory store's area index. A larger one is cut into at most
// maxParts ranges of equal counts, each at most partSize when maxParts allows, else cut again
// when posted. The ranges partition the part, so following every continuation gives each
// feature once.
import { BLOCK_LAYER } from '../../../postgis/point-blocks';
import { buildAreaIndex } from '../rules/area-index';
import type { Area, CollectLimits, CollectPart, CollectResult, LayerName } from '../store';
import { classifyBlocks, OUTSIDE } from './block-cover';
import { blocksMeeting, layerSize, readBlocks, type BlockMeta } from './blocks';
import type { PgContext } from './context';

/** Where the layer's blocks are kept: the release itself, or the layer vintage serving it. */
function blockVintage(ctx: PgContext, vintage: string, layer: LayerName): string | null {
  if (layer === 'locations') return vintage;
  return ctx.layerVintages(vintage)[layer];
}

/** The positions of each block that fall in l..r. */
const clip = (b: BlockMeta, l: number, r: number): [number, number] => [
  Math.max(l, b.first),
  Math.min(r, b.first + b.n - 1),
];

/** Ranges holding `cap` counted positions each (the last fewer), cut at those counts. */
function cut(blocks: BlockMeta[], l: number, r: number, cap: number): CollectPart[] {
  const parts: CollectPart[] = [];
  let from = -1;
  let held = 0;
  for (const b of blocks) {
    let [a, z] = clip(b, l, r);
    while (a <= z) {
      if (from < 0) from = a;
      const take = Math.min(cap - held, z - a + 1);
      held += take;
      a += take;
      if (held === cap) {
        parts.push({ node: [from, a - 1] });
        from = -1;
        held = 0;
      }
    }
  }
  if (from >= 0) parts.push({ node: [from, clip(blocks.at(-1)!, l, r)[1]] });
  return parts;
}

export async function collect(
  ctx: PgContext,
  vintage: string,
  layer: LayerName,
  area: Area,
  part: CollectPart | null,
  { partSize, maxParts }: CollectLimits,
): Promise<CollectResult | null> {
  const vi = ctx.vintageIndex(vintage);
  if (vi < 0) return null;
  const where = blockVintage(ctx, vintage, layer);
  const size = where === null ? 0 : await layerSize(ctx, BLOCK_LAYER[layer], where);
  if (size === 0 || where === null) return part ? null : { uuids: [], parts: [] };
  // Only ranges this store lists are parts; a list of points is the memory store's kind.
  if (part && !('node' in part)) return null;
  const [l, r] = part ? part.node : [0, size - 1];
  if (!Number.isInteger(l) || !Number.isInteger(r) || l < 0 || r >= size || l > r) return null;

  const index = buildAreaIndex(area);
  const [x0, y0, x1, y1] = index.bbox;
  const meeting =
    x0 <= x1 && y0 <= y1
      ? await blocksMeeting(ctx, BLOCK_LAYER[layer], where, index.bbox, [l, r])
      : [];
  // Blocks the area misses whole count for nothing: every call leaves them out alike.
  const cover = classifyBlocks(
    area,
    index,
    meeting.map((b) => b.box),
  );
  const blocks = meeting.filter((_, k) => cover[k] !== OUTSIDE);
  const total = blocks.reduce((s, b) => {
    const [a, z] = clip(b, l, r);
    return s + z - a + 1;
  }, 0);
  if (total > partSize) {
    const cap = Math.max(partSize, Math.ceil(total / Math.max(2, maxParts)));
    return { uuids: [], parts: cut(blocks, l, r, cap) };
  }
  const read = await readBlocks(ctx, BLOCK_LAYER[layer], where, blocks, {
    points: true,
    fields: false,
  });
  const { x, y, feature } = read.points;
  const uuids: string[] = [];
  blocks.forEach((b, k) => {
    const [a, z] = clip(b, l, r);
    for (let p = a; p <= z; p++) {
      const at = read.starts[k] + p - b.first;
      const px = x[at];
      const py = y[at];
      if (px >= x0 && px <= x1 && py >= y0 && py <= y1 && index.contains(px, py)) {
        uuids.push(
          ctx.codec.encode({ layer: BLOCK_LAYER[layer], vintageIndex: vi, feature: feature[at] }),
        );
      }
    }
  });
  return { uuids, parts: [] };
}
