import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Area } from '../store';
import { buildGrid, collectEdges, ENTRIES_PER_EDGE } from './area-grid';
import { buildAreaIndex } from './area-index';

// ---- brute force: the crossing rule over every edge of every ring, nothing indexed ----
function bruteContains(area: Area, x: number, y: number): boolean {
  return area.some((rings) => {
    let inside = false;
    for (const ring of rings) {
      for (let i = 0; i + 1 < ring.length; i++) {
        const [x1, y1] = ring[i]!;
        const [x2, y2] = ring[i + 1]!;
        if (y1! > y === y2! > y) continue;
        const cross = (x2! - x1!) * (y - y1!) - (y2! - y1!) * (x - x1!);
        if (y2! > y1! ? cross > 0 : cross < 0) inside = !inside;
      }
    }
    return inside;
  });
}

// Rings on a small integer lattice: crossing themselves and each other, sharing vertices,
// running along each other, horizontal and vertical edges everywhere. Any closed rings have a
// well-defined even-odd answer, and the index must give it.
const ring = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 })), {
    minLength: 3,
    maxLength: 10,
  })
  .map((pts) => [...pts, pts[0]!]);
const area = fc.array(fc.array(ring, { minLength: 1, maxLength: 3 }), {
  minLength: 1,
  maxLength: 4,
});

/** Every lattice point, half-point and a few off-lattice points around the rings. */
const probes: [number, number][] = [];
for (let x = -1; x <= 9; x += 0.5) for (let y = -1; y <= 9; y += 0.5) probes.push([x, y]);
for (let k = 0; k < 200; k++) probes.push([((k * 7919) % 1000) / 111, ((k * 104729) % 1000) / 111]);

describe('area index', () => {
  it('agrees with the crossing rule over every edge, on lattice rings and probes on every vertex and edge', () => {
    fc.assert(
      fc.property(area, (a) => {
        const index = buildAreaIndex(a);
        for (const [x, y] of probes) {
          if (index.contains(x, y) !== bruteContains(a, x, y))
            throw new Error(`differs at ${x},${y}: ${index.contains(x, y)}`);
        }
      }),
      { numRuns: 3000, seed: 1207 },
    );
  });

  it('keeps a comb of long teeth within its entry budget and still answers exactly', () => {
    const teeth = 2000;
    const comb: GeoJSON.Position[] = [];
    for (let k = 0; k < teeth; k++)
      comb.push([4 * k, 1000], [4 * k + 2, 1000], [4 * k + 2, 1], [4 * k + 4, 1]);
    comb.push([4 * teeth, 0], [0, 0], [0, 1000]);
    const a: Area = [[comb]];
    const edges = collectEdges(a);
    const grid = buildGrid(edges);
    // Every tooth spans every row: one band per edge would list each edge thousands of times.
    expect(grid.edges.length).toBeLessThanOrEqual(ENTRIES_PER_EDGE * edges.count + 1024);
    const index = buildAreaIndex(a);
    for (let k = 0; k < 20_000; k++) {
      const x = ((k * 7919) % 80_000) / 10 + 0.05;
      const y = ((k * 104_729) % 10_050) / 10 - 2.5;
      expect(index.contains(x, y)).toBe(bruteContains(a, x, y));
    }
  });
});
