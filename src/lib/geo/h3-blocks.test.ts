import { describe, expect, it } from 'vitest';
import { cellsInBounds } from './h3';
import { BULK_CELL_LIMIT, blockCells, blockOfCell, blocksForCells, packBlocks } from './h3-blocks';

const viewport = { west: -89.7, south: 39.76, east: -89.6, north: 39.8 };
const shifted = { west: -89.66, south: 39.77, east: -89.56, north: 39.81 };

describe('blocks', () => {
  it('holds each cell in exactly the block it reports', () => {
    const cells = cellsInBounds(viewport);
    for (const cell of cells.slice(0, 50)) {
      expect(blockCells(blockOfCell(cell))).toContain(cell);
    }
  });

  it('gives every block 49 cells, well under the bulk limit', () => {
    for (const block of blocksForCells(cellsInBounds(viewport))) {
      expect(blockCells(block)).toHaveLength(49);
    }
  });

  it('reuses the blocks of the overlap when the viewport pans', () => {
    const before = new Set(blocksForCells(cellsInBounds(viewport)));
    const after = blocksForCells(cellsInBounds(shifted));
    const overlapCells = cellsInBounds({ west: -89.66, south: 39.77, east: -89.6, north: 39.8 });
    // Every cell seen in both viewports is fetched with a block the first viewport already asked for.
    for (const cell of overlapCells) expect(before.has(blockOfCell(cell))).toBe(true);
    expect(after.filter((block) => before.has(block)).length).toBeGreaterThan(after.length / 3);
  });

  it('covers every cell of the viewport', () => {
    const cells = cellsInBounds(viewport);
    const covered = new Set(blocksForCells(cells).flatMap(blockCells));
    expect(cells.every((cell) => covered.has(cell))).toBe(true);
  });
});

describe('packBlocks', () => {
  const block = (n: number) => ({ cells: Array.from({ length: n }, (_, i) => String(i)) });

  it('fills requests up to the limit without splitting a block', () => {
    const packs = packBlocks(Array.from({ length: 45 }, () => block(49)));
    expect(packs.map((p) => p.length)).toEqual([20, 20, 5]);
    for (const pack of packs) {
      expect(pack.reduce((n, b) => n + b.cells.length, 0)).toBeLessThanOrEqual(BULK_CELL_LIMIT);
    }
  });

  it('needs ceil(cells / 980) requests for full blocks', () => {
    expect(packBlocks(Array.from({ length: 100 }, () => block(49)))).toHaveLength(5);
    expect(packBlocks([])).toEqual([]);
  });
});
