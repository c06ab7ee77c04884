import { booleanPointInPolygon } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED, generateFabric } from '../../../demo/generate-fabric';
import { COORD_SCALE, type PackedGeometry, firstPart } from '../fabric';
import { packGeometry } from '../../testing/pack-geometry';
import { pointOnSurface, representativeTree } from './representative-point';

function rings(g: PackedGeometry, f: number): number[][][] {
  const out: number[][][] = [];
  for (let p = firstPart(g, f); p < firstPart(g, f + 1); p++) {
    const ring: number[][] = [];
    for (let v = g.vertexStart[p]; v < g.vertexStart[p + 1]; v++)
      ring.push([g.xy[2 * v] / COORD_SCALE, g.xy[2 * v + 1] / COORD_SCALE]);
    out.push(ring);
  }
  return out;
}

const strictlyInside = (g: PackedGeometry, f: number) =>
  booleanPointInPolygon(
    pointOnSurface(g, f),
    { type: 'Polygon', coordinates: rings(g, f) },
    {
      ignoreBoundary: true,
    },
  );

describe('pointOnSurface', () => {
  it('lies inside shapes whose box centre does not: an L, a ring around a hole, a thin diagonal', () => {
    const g = packGeometry([
      // An L whose box centre (0.5, 0.5) is outside it.
      [
        [
          [0, 0],
          [1, 0],
          [1, 0.2],
          [0.2, 0.2],
          [0.2, 1],
          [0, 1],
          [0, 0],
        ],
      ],
      // A square with a hole where its middle is.
      [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0],
        ],
        [
          [0.1, 0.1],
          [0.1, 0.9],
          [0.9, 0.9],
          [0.9, 0.1],
          [0.1, 0.1],
        ],
      ],
      // A sliver a few centimetres wide along a diagonal.
      [
        [
          [0, 0],
          [0.001, 0.001],
          [0.001, 0.0010005],
          [0, 0.0000005],
          [0, 0],
        ],
      ],
    ]);
    for (let f = 0; f < g.count; f++) expect(strictlyInside(g, f), `feature ${f}`).toBe(true);
  });

  it('lies strictly inside every parcel and footprint of a generated fabric', () => {
    const fabric = generateFabric({ seed: DEFAULT_SEED, locations: 3000 });
    for (const g of [fabric.parcels.geometry, fabric.footprints.geometry]) {
      const outside: number[] = [];
      for (let f = 0; f < g.count; f++) if (!strictlyInside(g, f)) outside.push(f);
      expect(outside).toEqual([]);
      const tree = representativeTree(g)!;
      expect(tree.ids.length).toBe(g.count);
    }
  });
});
