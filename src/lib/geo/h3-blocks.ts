// Mobile coverage is fetched by fixed blocks of res-9 cells (all children of one res-7 cell),
// so a block means the same cells whatever the viewport: a cached block is never refetched
// when the user pans back, and a viewport costs only a thin ring of cells beyond its edge.
import { MOBILE_RESOLUTION, cellChildren, cellParent } from './h3';

/** A res-7 block holds 49 res-9 cells (7², pentagons fewer). */
export const BLOCK_RESOLUTION = 7;
/** The service's bulk limit for ids in one request. */
export const BULK_CELL_LIMIT = 1000;

/** The block a res-9 cell is fetched with. */
export function blockOfCell(cell: string): string {
  return cellParent(cell, BLOCK_RESOLUTION);
}

/** The distinct blocks covering some cells, sorted so the same viewport gives the same list. */
export function blocksForCells(cells: readonly string[]): string[] {
  const blocks = new Set<string>();
  for (const cell of cells) blocks.add(blockOfCell(cell));
  return [...blocks].sort();
}

// A block's cells are asked for on every answer that lands (to index records by cell);
// h3 and the sort cost more than a lookup. Bounded so a long session does not grow it forever.
const cellsOfBlock = new Map<string, readonly string[]>();
const MAX_CACHED_BLOCKS = 2000;

/** The res-9 cells of a block, sorted (the set sent to the service). */
export function blockCells(block: string): readonly string[] {
  let cells = cellsOfBlock.get(block);
  if (!cells) {
    if (cellsOfBlock.size >= MAX_CACHED_BLOCKS) cellsOfBlock.clear();
    cells = Object.freeze(cellChildren(block, MOBILE_RESOLUTION).sort());
    cellsOfBlock.set(block, cells);
  }
  return cells;
}

/**
 * Packs blocks into requests of at most `limit` cells, keeping the given order. A block is
 * never split, so each request's answer resolves whole blocks.
 */
export function packBlocks<T extends { cells: readonly string[] }>(
  blocks: readonly T[],
  limit: number = BULK_CELL_LIMIT,
): T[][] {
  const packs: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const block of blocks) {
    if (current.length > 0 && size + block.cells.length > limit) {
      packs.push(current);
      current = [];
      size = 0;
    }
    current.push(block);
    size += block.cells.length;
  }
  if (current.length > 0) packs.push(current);
  return packs;
}
