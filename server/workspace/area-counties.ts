// The counties a drawn area touches, from the Census boundaries the project ships: a drawn
// area is synced as those whole counties (the workspace, its journal and its manifest hold
// counties), and the estimate names them.
import { bbox, booleanIntersects } from '@turf/turf';
import { boundaryFeature, stateCounties } from '../service/routes/boundaries';

type Box = [number, number, number, number];
const overlaps = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** State FIPS codes run 01–78 with gaps; those the atlas lacks answer null. */
const STATES = Array.from({ length: 78 }, (_, i) => String(i + 1).padStart(2, '0'));

/** GEOIDs of the counties the polygon touches, ascending (states first, to skip most). */
export function countiesTouching(area: GeoJSON.Polygon | GeoJSON.MultiPolygon): string[] {
  const box = bbox(area) as Box;
  const touching = (kind: 'states' | 'counties', geoid: string) => {
    const f = boundaryFeature(kind, geoid);
    return f !== null && overlaps(box, bbox(f) as Box) && booleanIntersects(area, f);
  };
  return STATES.filter((s) => touching('states', s))
    .flatMap((s) => stateCounties(s)?.counties ?? [])
    .filter((c) => touching('counties', c))
    .sort();
}
