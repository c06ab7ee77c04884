// The outline places answers for a town or ZIP code, to use it as an area: the convex hull of
// its locations, each widened to a square OUTLINE_MARGIN either side so that every location
// lies inside (not on the edge) and a place of one location, or of one straight street, still
// has an area. Positions are read at 1e-5° (integers: the grid of an area's link, area-code.ts
// in the app), so the hull is exact, both stores, which gather the same positions in different
// orders, answer the same outline, and the area the app keeps from it (moved onto the link's
// grid) is the outline itself: its report counts what places counts (countInsideOutline). A
// location is within 0.5e-5° of its grid position, far inside the margin around that position.
//
// A convex hull is honest about where a place's locations are, not about its legal boundary:
// it spans the gaps between a town's clusters and may take in farmland between them, so the
// app names such an area "the extent of …" (docs/SERVICE.md, "places").
import type { PlaceOutline } from '../../../contract/schemas/places';
import { buildAreaIndex } from './area-index';

/** About 55 m north-south, 43 m east-west at 39°N: wider than a location's parcel offset. */
export const OUTLINE_MARGIN = 0.0005;
const UNIT = 1e5;
const MARGIN = Math.round(OUTLINE_MARGIN * UNIT);

/** Positions of one place at 1e-5°, gathered as [x0, y0, x1, y1, …]. */
export type OutlinePoints = number[];

export function addOutlinePoint(points: OutlinePoints, lng: number, lat: number): void {
  points.push(Math.round(lng * UNIT), Math.round(lat * UNIT));
}

type Pt = [number, number];

const cross = (o: Pt, a: Pt, b: Pt) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Andrew's monotone chain: the hull counter-clockwise, without collinear points. */
function hull(points: Pt[]): Pt[] {
  const sorted = points.toSorted((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const half = (list: Pt[]) => {
    const out: Pt[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out.at(-2)!, out.at(-1)!, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half(sorted.toReversed())];
}

/** The outline of the positions gathered; null when there are none. */
export function placeOutline(points: OutlinePoints): PlaceOutline | null {
  if (points.length < 2) return null;
  const all: Pt[] = [];
  for (let i = 0; i < points.length; i += 2) all.push([points[i]!, points[i + 1]!]);
  // The hull of the widened hull vertices is the hull of every widened position.
  const widened = hull(all).flatMap(([x, y]): Pt[] => [
    [x - MARGIN, y - MARGIN],
    [x + MARGIN, y - MARGIN],
    [x + MARGIN, y + MARGIN],
    [x - MARGIN, y + MARGIN],
  ]);
  const ring = hull(widened).map(([x, y]): Pt => [x / UNIT, y / UNIT]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

/** Visits the position of each of the release's locations in the box (at least those). */
export type PointsInBox = (
  bbox: readonly [number, number, number, number],
  visit: (lng: number, lat: number) => void,
) => void;

/**
 * How many of the release's locations lie inside the outline, under the rule summarize, count
 * and the area report decide "inside" by (area-index.ts, tested on the positions the store's
 * own area operations read): the count places answers for a town or ZIP code, so the search
 * quotes what the report of its outline counts. `pointsIn` is the store's spatial index.
 */
export function countInsideOutline(outline: PlaceOutline, pointsIn: PointsInBox): number {
  const index = buildAreaIndex([outline.coordinates]);
  let n = 0;
  pointsIn(index.bbox, (lng, lat) => {
    if (index.contains(lng, lat)) n++;
  });
  return n;
}
