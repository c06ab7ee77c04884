// Which chunks a view still asks for, and the box it asks for: the planning around the
// street-zoom assembler (pipelines/fixed-view-assemble.ts), over the query cache.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { planChunks } from './fixed-view-plan';
import { fixedViewKeys } from './keys';
import { snapBox } from './use-fixed-view-locations';

describe('the chunk plan', () => {
  it('reuses the locations cached chunks asked for and cuts the rest at the chunk size', () => {
    const client = new QueryClient();
    const v = { fabric: '202506', coverage: '202412', release: '202412' };
    const point = (uuid: string) => ({ uuid, feature: { id: 1 } }) as never;
    client.setQueryData(fixedViewKeys.chunk(v.fabric, v.coverage, v.release, 'x'), {
      asked: ['a', 'b', 'c'],
      locations: [point('a'), point('b')],
    });
    // Another coverage vintage's chunk is not this one's.
    client.setQueryData(fixedViewKeys.chunk(v.fabric, '202406', '202406', 'y'), {
      asked: ['d'],
      locations: [point('d')],
    });
    const plan = planChunks(client, v, ['a', 'b', 'c', 'd', 'e', 'f', 'g'], 2);
    expect(plan.known.map((l) => l.uuid)).toEqual(['a', 'b']);
    expect(plan.knownCount).toBe(3);
    expect(plan.chunks.map((c) => c.uuids)).toEqual([
      ['d', 'e'],
      ['f', 'g'],
    ]);
    expect(new Set(plan.chunks.map((c) => c.hash)).size).toBe(2);
  });
});

describe('the box a view asks for', () => {
  const view = { west: -89.6712, south: 39.7811, east: -89.6521, north: 39.7923 };

  it('holds the view, adds at most a quarter to each side, and is the same after a nudge', () => {
    const box = snapBox(view);
    expect(box.west).toBeLessThanOrEqual(view.west);
    expect(box.south).toBeLessThanOrEqual(view.south);
    expect(box.east).toBeGreaterThanOrEqual(view.east);
    expect(box.north).toBeGreaterThanOrEqual(view.north);
    const side = Math.max(view.east - view.west, view.north - view.south);
    expect(box.east - box.west - (view.east - view.west)).toBeLessThanOrEqual(side / 4);
    expect(box.north - box.south - (view.north - view.south)).toBeLessThanOrEqual(side / 4);
    const nudge = 1e-5;
    const nudged = { ...view, west: view.west + nudge, east: view.east + nudge };
    expect(snapBox(nudged)).toEqual(box);
  });
});
