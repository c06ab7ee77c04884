// Splits an area too big for one summary (more than maxcount locations) into parts that do not
// overlap and together cover it: bands across the longer side, each clipped to the area.
import { bbox, feature, featureCollection, intersect, polygon as turfPolygon } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import type { AreaGeometry } from './area-geojson';

/**
 * Cut lines sit halfway between points of a 1e-7 degree grid. Fabric coordinates are published
 * with at most 7 decimals, so no location lies exactly on a cut line and none can be counted
 * by two neighbouring parts or by neither.
 */
const GRID = 1e7;

export function offGridCoordinate(value: number): number {
  return (Math.floor(value * GRID) + 0.5) / GRID;
}

/** Where to cut [min, max] into `parts` bands of equal width, as off-grid coordinates. */
export function cutPositions(min: number, max: number, parts: number): number[] {
  const cuts: number[] = [];
  for (let i = 1; i < parts; i++) {
    const cut = offGridCoordinate(min + ((max - min) * i) / parts);
    if (cut > min && cut < max && cut !== cuts[cuts.length - 1]) cuts.push(cut);
  }
  return cuts;
}

/**
 * The area cut into at most `parts` non-overlapping pieces (empty pieces dropped). Bands run
 * across the longer side of the bounding box, measured in ground distance at its latitude.
 */
export function splitArea(area: AreaGeometry, parts: number): AreaGeometry[] {
  const [minX, minY, maxX, maxY] = bbox(area) as [number, number, number, number];
  const midLat = ((minY + maxY) / 2) * (Math.PI / 180);
  const alongX = (maxX - minX) * Math.cos(midLat) >= maxY - minY;
  const cuts = alongX ? cutPositions(minX, maxX, parts) : cutPositions(minY, maxY, parts);
  if (cuts.length === 0) return [area];
  // Bands reach past the bounding box so the area's own edges stay as they are.
  const pad = 1;
  const edges = [(alongX ? minX : minY) - pad, ...cuts, (alongX ? maxX : maxY) + pad];
  const pieces: AreaGeometry[] = [];
  for (let i = 0; i < edges.length - 1; i++) {
    const lo = edges[i]!;
    const hi = edges[i + 1]!;
    const band = alongX
      ? turfPolygon([
          [
            [lo, minY - pad],
            [hi, minY - pad],
            [hi, maxY + pad],
            [lo, maxY + pad],
            [lo, minY - pad],
          ],
        ])
      : turfPolygon([
          [
            [minX - pad, lo],
            [maxX + pad, lo],
            [maxX + pad, hi],
            [minX - pad, hi],
            [minX - pad, lo],
          ],
        ]);
    const clipped = intersect(featureCollection<Polygon | MultiPolygon>([feature(area), band]));
    if (clipped) pieces.push(clipped.geometry);
  }
  return pieces;
}
