import { describe, expect, it } from 'vitest';
import { generateFabric } from '../../../demo/generate-fabric';
import { tileOf } from '../../http-tests/fixed-tile-support';
import { createMemoryStore, memoryStoreTileCache, TILE_CACHE_BYTES } from './memory-store';

const fabric = generateFabric({ seed: 3, locations: 1500 });
const FV = fabric.vintages.at(-1)!.vintage;
const CV = fabric.fixedCoverage.at(-1)!.vintage;

/** The zoom-14 tiles holding a location, each once. */
function streetTiles(): [number, number][] {
  const seen = new Map<string, [number, number]>();
  const { lng, lat, count } = fabric.locations;
  for (let i = 0; i < count; i++) {
    const [x, y] = tileOf(lng[i]!, lat[i]!, 14);
    seen.set(`${x}/${y}`, [x, y]);
  }
  return [...seen.values()];
}

describe("the memory store's tile cache", () => {
  it('holds fabric and fixed broadband tiles under one byte budget', async () => {
    const budget = 40_000;
    const store = createMemoryStore(fabric, { tileCacheBytes: budget });
    const cache = memoryStoreTileCache(store)!;
    let served = 0;
    for (const [x, y] of streetTiles()) {
      // Each kind of tile lands in the same cache, and the two together stay within budget.
      const before = cache.size;
      const fixed = await store.fixedTile(CV, FV, 14, x, y);
      served += fixed.byteLength;
      expect(cache.byteSize).toBeLessThanOrEqual(budget);
      const fabricTile = await store.tile(FV, 14, x, y);
      served += fabricTile.byteLength;
      expect(cache.byteSize).toBeLessThanOrEqual(budget);
      if (before === 0) expect(cache.size).toBe(2);
    }
    // The budget was met by evicting, not by never filling it.
    expect(served).toBeGreaterThan(3 * budget);
    expect(cache.byteSize).toBeGreaterThan(budget / 2);
  });

  it('is bounded by default by the whole budget, not by one per kind', () => {
    const store = createMemoryStore(fabric);
    expect(memoryStoreTileCache(store)!.maxBytes).toBe(TILE_CACHE_BYTES);
    expect(TILE_CACHE_BYTES).toBeLessThanOrEqual(32 * 1024 * 1024);
  });
});
