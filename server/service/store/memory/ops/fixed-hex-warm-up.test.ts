import { describe, expect, it } from 'vitest';
import { buildFabricIndex } from '../fabric-index';
import { buildScatterFabric } from '../../../testing/scatter-fabric';
import { buildHexCells, type HexCells } from './fixed-hex-cells';
import { buildHexCellsInSlices, createHexCellsCache } from './fixed-hex-warm-up';

const ix = buildFabricIndex(buildScatterFabric(60_000));

/** Turns of the event loop (setImmediate callbacks) while `work` runs. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { value: await work(), turns };
  } finally {
    running = false;
  }
}

function comparable(cells: HexCells) {
  return {
    res: cells.res,
    ids: cells.ids,
    cellOf: [...cells.cellOf],
    rings: cells.rings,
    tree: cells.tree ? [...new Uint8Array(cells.tree.data)] : null,
  };
}

describe('buildHexCellsInSlices', () => {
  it.each([7, 8])('groups as buildHexCells does at res %i', async (res) => {
    const sliced = await buildHexCellsInSlices(ix, res, { sliceMs: 0 });
    expect(comparable(sliced)).toEqual(comparable(buildHexCells(ix, res)));
  });

  it('lets the event loop turn between slices', async () => {
    // With no time to spare each slice is one chunk: 60,000 locations make about 30 of them.
    const { turns } = await turnsDuring(() => buildHexCellsInSlices(ix, 8, { sliceMs: 0 }));
    expect(turns).toBeGreaterThanOrEqual(25);
  });
});

describe('createHexCellsCache', () => {
  it('builds a resolution once for every caller, the warm-up included', async () => {
    const cache = createHexCellsCache(ix);
    const first = cache.cells(8);
    const warm = cache.warm([7, 8]);
    expect(cache.cells(8)).toBe(first);
    await warm;
    expect(cache.cells(8)).toBe(first);
    expect((await cache.cells(7)).res).toBe(7);
  });

  it('takes a coarse resolution from the base grouping, grouping no location again', async () => {
    const cache = createHexCellsCache(ix);
    const coarse = await cache.cells(5);
    const base = await cache.cells(7);
    expect('base' in coarse && coarse.base).toBe(base);
    expect(coarse.res).toBe(5);
    expect(coarse.ids.length).toBeGreaterThan(0);
    expect(coarse.ids.length).toBeLessThan(base.ids.length);
  });

  it('stops a build under way when closed', async () => {
    const cache = createHexCellsCache(ix);
    const building = cache.cells(7);
    cache.close();
    await expect(building).rejects.toThrow(/abort/i);
  });
});
