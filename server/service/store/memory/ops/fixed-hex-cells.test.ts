import { cellToBoundary, cellToLatLng, gridDisk, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { buildFabricIndex } from '../fabric-index';
import { FIXTURE_ORIGIN } from '../../../testing/fixture-fabric';
import { buildScatterFabric } from '../../../testing/scatter-fabric';
import { buildHexCells } from './fixed-hex-cells';

/** Every location's cell as the grouping has it, against latLngToCell of its own point. */
function mismatches(fabric: ReturnType<typeof buildScatterFabric>, res: number): number {
  const cells = buildHexCells(buildFabricIndex(fabric), res);
  const { count, lng, lat } = fabric.locations;
  let wrong = 0;
  for (let i = 0; i < count; i++) {
    if (cells.ids[cells.cellOf[i]!] !== latLngToCell(lat[i]!, lng[i]!, res)) wrong++;
  }
  return wrong;
}

/** Points on both sides of every edge of the cells around the fixture, from 5 cm to 50 m off. */
function pointsAcrossEdges(res: number): [number, number][] {
  const out: [number, number][] = [];
  for (const cell of gridDisk(latLngToCell(FIXTURE_ORIGIN.lat, FIXTURE_ORIGIN.lng, res), 2)) {
    const [clat, clng] = cellToLatLng(cell);
    const ring = cellToBoundary(cell, true);
    for (let k = 0; k + 1 < ring.length; k++) {
      const [ax, ay] = ring[k]!;
      const [bx, by] = ring[k + 1]!;
      for (const t of [0.02, 0.5, 0.98]) {
        const [px, py] = [ax! + (bx! - ax!) * t, ay! + (by! - ay!) * t];
        const len = Math.hypot(px - clng, py - clat);
        for (const metres of [-50, -2, -0.05, 0.05, 2, 50]) {
          const f = 1 + metres / 111_320 / len;
          out.push([clng + (px - clng) * f, clat + (py - clat) * f]);
        }
      }
    }
  }
  return out;
}

describe('buildHexCells', () => {
  it.each([7, 8])(
    'puts each of 60,000 scattered locations in its latLngToCell at res %i',
    (res) => {
      expect(mismatches(buildScatterFabric(60_000), res)).toBe(0);
    },
  );

  it.each([7, 8])('agrees with latLngToCell beside every edge at res %i', (res) => {
    const points = pointsAcrossEdges(res);
    const fabric = buildScatterFabric(points.length);
    points.forEach(([x, y], i) => {
      fabric.locations.lng[i] = x;
      fabric.locations.lat[i] = y;
    });
    expect(mismatches(fabric, res)).toBe(0);
  });

  // cellOf starts at two bytes a location; past 65,536 cells it must widen, not wrap around.
  it('keeps every location in its own cell past 65,536 cells', () => {
    const fabric = buildScatterFabric(70_000);
    const cells = buildHexCells(buildFabricIndex(fabric), 13);
    expect(cells.ids.length).toBeGreaterThan(65_536);
    const { count, lng, lat } = fabric.locations;
    let wrong = 0;
    for (let i = 0; i < count; i++) {
      if (cells.ids[cells.cellOf[i]!] !== latLngToCell(lat[i]!, lng[i]!, 13)) wrong++;
    }
    expect(wrong).toBe(0);
  });

  it('holds the ring of each cell it lists', () => {
    const cells = buildHexCells(buildFabricIndex(buildScatterFabric(2_000)), 8);
    expect(cells.ids.length).toBeGreaterThan(10);
    cells.ids.forEach((id, c) => expect(cells.rings[c]).toEqual(cellToBoundary(id, true)));
  });
});
