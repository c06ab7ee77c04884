// The counties and states places answers by name (both stores, and a workspace over several
// counties): those the release holds locations in, named as the Census county file names them
// ("Sangamon County", "Illinois"), with the count of the release's locations inside and the
// boundary's own box (the area a planner takes is the whole county or state, by its GEOID).
import { countyLabel } from '../../../../shared/county-label';
import { boundaryFeature, type BoundaryKind } from '../../routes/boundaries';
import type { Bbox, BoundaryEntry } from './place-entries';

/** Counts of the release's locations by county GEOID, and each county's USPS state code. */
export type CountyCounts = Map<string, { count: number; state: string }>;

/** Adds `n` locations of county `geoid` (in state `state`) to the counts. */
export function countCountyLocations(
  counts: CountyCounts,
  geoid: string,
  state: string,
  n = 1,
): void {
  const c = counts.get(geoid);
  if (c) c.count += n;
  else counts.set(geoid, { count: n, state });
}

/**
 * The box of a boundary's rings, as turf's bbox answers it. Not imported from @turf/turf: that
 * loads every turf module, about 28 MB of RSS in each thread that runs the service.
 */
function ringsBox(g: GeoJSON.Polygon | GeoJSON.MultiPolygon): Bbox {
  const box: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of g.type === 'Polygon' ? [g.coordinates] : g.coordinates)
    for (const ring of polygon)
      for (const [x, y] of ring) {
        if (x! < box[0]) box[0] = x!;
        if (y! < box[1]) box[1] = y!;
        if (x! > box[2]) box[2] = x!;
        if (y! > box[3]) box[3] = y!;
      }
  return box;
}

function entry(
  kind: BoundaryKind,
  geoid: string,
  count: number,
  state: string,
): BoundaryEntry | null {
  const f = boundaryFeature(kind, geoid);
  if (!f) return null;
  const name = kind === 'counties' ? countyLabel(f.properties.name, geoid) : f.properties.name;
  const key = (kind === 'counties' ? f.properties.name : name).toUpperCase();
  const box = ringsBox(f.geometry);
  return {
    kind: kind === 'counties' ? 'county' : 'state',
    geoid,
    name,
    key,
    state,
    count,
    bbox: box,
  };
}

/** The counties of the counts and their states, in GEOID order; GEOIDs the file lacks left out. */
export function boundaryEntries(counts: CountyCounts): BoundaryEntry[] {
  const states: CountyCounts = new Map();
  for (const [geoid, c] of counts)
    countCountyLocations(states, geoid.slice(0, 2), c.state, c.count);
  const all = [
    ...[...counts].map(([geoid, c]) => entry('counties', geoid, c.count, c.state)),
    ...[...states].map(([geoid, c]) => entry('states', geoid, c.count, c.state)),
  ];
  return all
    .filter((e): e is BoundaryEntry => e !== null)
    .sort((a, b) => a.geoid.localeCompare(b.geoid));
}
