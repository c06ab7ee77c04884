import { describe, expect, it } from 'vitest';
import { areaProblem } from '../../../../shared/area-rules';
import { addOutlinePoint, OUTLINE_MARGIN, placeOutline } from './place-outline';

const gathered = (pairs: [number, number][]) => {
  const points: number[] = [];
  for (const [lng, lat] of pairs) addOutlinePoint(points, lng, lat);
  return points;
};

/** Whether (x, y) lies strictly inside the counter-clockwise convex ring. */
function inside(ring: number[][], x: number, y: number): boolean {
  for (let i = 0; i + 1 < ring.length; i++) {
    const [ax, ay] = ring[i]!;
    const [bx, by] = ring[i + 1]!;
    if ((bx! - ax!) * (y - ay!) - (by! - ay!) * (x - ax!) <= 0) return false;
  }
  return true;
}

describe('placeOutline', () => {
  const town: [number, number][] = [
    [-89.65, 39.78],
    [-89.64, 39.79],
    [-89.63, 39.78],
    [-89.64, 39.77],
    [-89.641, 39.781],
    [-89.6405, 39.7795],
  ];

  it('is the widened convex hull: a closed counter-clockwise ring holding every location inside', () => {
    const outline = placeOutline(gathered(town))!;
    const [ring] = outline.coordinates;
    expect(ring!.at(0)).toEqual(ring!.at(-1));
    // 4 hull corners widened to squares: a regular octagon-like ring of 8 vertices.
    expect(ring).toHaveLength(9);
    for (const [x, y] of town) expect(inside(ring!, x, y)).toBe(true);
    expect(areaProblem([outline.coordinates])).toBeNull();
    const xs = ring!.map((p) => p[0]!);
    expect(Math.min(...xs)).toBeCloseTo(-89.65 - OUTLINE_MARGIN, 9);
  });

  it('answers the same outline whatever order the locations come in', () => {
    expect(placeOutline(gathered(town.toReversed()))).toEqual(placeOutline(gathered(town)));
  });

  it('gives one location, or one straight street, an area that passes the area rules', () => {
    const one = placeOutline(gathered([[-89.65, 39.78]]))!;
    expect(one.coordinates[0]).toHaveLength(5);
    expect(areaProblem([one.coordinates])).toBeNull();
    const street = placeOutline(
      gathered([
        [-89.65, 39.78],
        [-89.649, 39.78],
        [-89.648, 39.78],
      ]),
    )!;
    expect(areaProblem([street.coordinates])).toBeNull();
    expect(placeOutline([])).toBeNull();
  });
});
