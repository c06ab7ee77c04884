// forEachPresentPoint walks the kd-tree itself (reading coordinates and vintage bits in the
// tree's order) for summarize, tiles and locate: it must visit exactly what kdbush's own range()
// returns, filtered to the vintage, in the same order (tile bytes depend on the order).
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIXTURE_ORIGIN } from '../../testing/fixture-fabric';
import { SCATTER_SPAN, buildScatterFabric } from '../../testing/scatter-fabric';
import { buildFabricIndex, forEachPresentPoint } from './fabric-index';

describe('forEachPresentPoint', () => {
  const ix = buildFabricIndex(buildScatterFabric(5_000, 3));
  const { locations } = ix.fabric;
  const vintages = ix.fabric.vintages.length;

  it('visits what kdbush range() finds, of that vintage, in its order, with its coordinates', () => {
    const near = (d: number) => fc.double({ min: -1.2 * d, max: 1.2 * d, noNaN: true });
    fc.assert(
      fc.property(
        near(SCATTER_SPAN),
        near(SCATTER_SPAN),
        fc.double({ min: 0, max: SCATTER_SPAN, noNaN: true }),
        fc.double({ min: 0, max: SCATTER_SPAN, noNaN: true }),
        fc.integer({ min: 0, max: vintages - 1 }),
        (dx, dy, w, h, vi) => {
          const box = [
            FIXTURE_ORIGIN.lng + dx,
            FIXTURE_ORIGIN.lat + dy,
            FIXTURE_ORIGIN.lng + dx + w,
            FIXTURE_ORIGIN.lat + dy + h,
          ] as const;
          const expected = ix.points
            .range(...box)
            .filter((i) => i < locations.count && locations.presence[i] & (1 << vi));
          const seen: number[] = [];
          forEachPresentPoint(ix, vi, box, (i, lng, lat) => {
            expect([lng, lat]).toEqual([locations.lng[i], locations.lat[i]]);
            seen.push(i);
          });
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds every location of a vintage in a box around all of them', () => {
    const all = [-180, -90, 180, 90] as const;
    for (let vi = 0; vi < vintages; vi++) {
      let n = 0;
      forEachPresentPoint(ix, vi, all, () => n++);
      let expected = 0;
      for (let i = 0; i < locations.count; i++) if (locations.presence[i] & (1 << vi)) expected++;
      expect(n).toBe(expected);
      expect(n).toBeGreaterThan(0);
    }
  });
});
