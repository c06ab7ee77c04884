// The match index is built on the first match, not with the store: a store that never matches
// never holds it (about 8 MB at a million locations), and the first match answers as an index
// built at once would.
import { describe, expect, it, vi } from 'vitest';
import { buildFixtureFabric } from '../../testing/fixture-fabric';
import { buildFabricIndex } from './fabric-index';
import { createMemoryStore } from './memory-store';
import * as match from './ops/match';

vi.mock('./ops/match', async (importOriginal) => {
  const real = await importOriginal<typeof import('./ops/match')>();
  return { ...real, createMatcher: vi.fn(real.createMatcher) };
});

const V = '202506';
const CURRENT = 4;

describe('the memory store match index', () => {
  it('is built on the first match, once, and answers as one built at once', async () => {
    const built = vi.mocked(match.createMatcher);
    const ix = buildFabricIndex(buildFixtureFabric());
    const store = createMemoryStore(ix.fabric, { index: ix });
    await store.locationData(V, { location_id: 1000000013 });
    expect(built).not.toHaveBeenCalled();

    const text = '305 S Main St, Springfield IL 62704';
    const first = await store.match(V, { text }, 5, null);
    expect(built).toHaveBeenCalledTimes(1);
    expect(first.locations.length).toBeGreaterThan(0);
    const parts = { house_number: '305', road: 'S MAIN ST', city: 'SPRINGFIELD' };
    const second = await store.match(V, parts, 5, null);
    expect(built).toHaveBeenCalledTimes(1);

    const atOnce = built.getMockImplementation()!(ix);
    expect(first).toEqual(atOnce.match(CURRENT, { text }, 5, null));
    expect(second).toEqual(atOnce.match(CURRENT, parts, 5, null));
  });
});
