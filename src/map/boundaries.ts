// US state and county boundaries from the Census cartographic files bundled in us-atlas.
// Loaded lazily (a separate chunk) so the first paint does not wait for 1 MB of TopoJSON.
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon, Position } from 'geojson';
import { countyLabel } from '../../shared/county-label';

export interface Boundaries {
  states: FeatureCollection;
  counties: FeatureCollection;
  countyLabels: FeatureCollection<Point>;
}

type AtlasTopology = Topology<{
  states: GeometryCollection<{ name: string }>;
  counties: GeometryCollection<{ name: string }>;
}>;

export async function loadBoundaries(): Promise<Boundaries> {
  const [statesModule, countiesModule] = await Promise.all([
    import('us-atlas/states-10m.json'),
    import('us-atlas/counties-10m.json'),
  ]);
  const statesTopo = statesModule.default as unknown as AtlasTopology;
  const countiesTopo = countiesModule.default as unknown as AtlasTopology;
  const states: FeatureCollection = feature(statesTopo, statesTopo.objects.states);
  const counties: FeatureCollection = feature(countiesTopo, countiesTopo.objects.counties);
  // The GEOID (5 digits for a county, 2 for a state) as a property, so click handlers and
  // outline look-ups can read it from rendered features and source data.
  for (const f of [...counties.features, ...states.features]) {
    f.properties = { ...f.properties, geoid: String(f.id ?? '') };
  }
  return { states, counties, countyLabels: countyLabelPoints(counties) };
}

/** One label point per county, so a county split across tiles is not labelled twice. */
export function countyLabelPoints(counties: FeatureCollection): FeatureCollection<Point> {
  const features: Feature<Point>[] = [];
  for (const county of counties.features) {
    const geometry = county.geometry;
    if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') continue;
    const geoid = String(county.id ?? '');
    const name = String(county.properties?.name ?? '');
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: largestRingCentroid(geometry) },
      properties: { geoid, label: countyLabel(name, geoid) },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** Area-weighted centroid of the largest outer ring (good enough for county shapes). */
export function largestRingCentroid(geometry: Polygon | MultiPolygon): Position {
  const rings =
    geometry.type === 'Polygon' ? [geometry.coordinates[0]] : geometry.coordinates.map((p) => p[0]);
  let best: { area: number; x: number; y: number } | null = null;
  for (const ring of rings) {
    let area = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const cross = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
      area += cross;
      cx += (ring[j][0] + ring[i][0]) * cross;
      cy += (ring[j][1] + ring[i][1]) * cross;
    }
    if (area === 0) continue;
    const candidate = { area: Math.abs(area / 2), x: cx / (3 * area), y: cy / (3 * area) };
    if (!best || candidate.area > best.area) best = candidate;
  }
  if (best) return [best.x, best.y];
  const first = rings[0][0];
  return [first[0], first[1]];
}
