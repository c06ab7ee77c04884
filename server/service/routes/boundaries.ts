// Census boundaries for libgetgeo, from the us-atlas TopoJSON the project already ships (the
// Census Bureau's 2020 cartographic boundaries at 1:10,000,000, so simplified next to TIGER's
// full-resolution lines): a county by its 5-digit GEOID, a state by its 2-digit FIPS code.
// Rings the simplification broke are repaired (ring-repair.ts), so every boundary passes the
// service's own area checks.
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';
import { repairPolygons } from './ring-repair';

export type BoundaryKind = 'counties' | 'states';

export interface BoundaryFeature {
  type: 'Feature';
  id: string;
  properties: { GEOID: string; name: string };
  geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon;
}

type Named = GeometryObject<{ name?: string }>;
type Atlas = Topology<Record<BoundaryKind, GeometryCollection<{ name?: string }>>>;

const require = createRequire(import.meta.url);
let atlas: { topo: Atlas; byId: Record<BoundaryKind, Map<string, Named>> } | null = null;

/** Read once, on the first request: the file is 800 kB and most runs never ask for it. */
function load() {
  if (!atlas) {
    const topo = require('us-atlas/counties-10m.json') as Atlas;
    const index = (kind: BoundaryKind) =>
      new Map(topo.objects[kind].geometries.map((g) => [String(g.id), g]));
    atlas = { topo, byId: { counties: index('counties'), states: index('states') } };
  }
  return atlas;
}

const built = new Map<string, BoundaryFeature>();

/** The boundary of a county or state as a GeoJSON Feature, or null when there is none. */
export function boundaryFeature(kind: BoundaryKind, geoid: string): BoundaryFeature | null {
  const key = `${kind}/${geoid}`;
  // Keys are only ever ids the atlas holds, so the cache is bounded by its 3287 boundaries.
  const cached = built.get(key);
  if (cached) return cached;
  const { topo, byId } = load();
  const object = byId[kind].get(geoid);
  if (!object) return null;
  const f = feature(topo, object) as GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.MultiPolygon>;
  const polygons = repairPolygons(f.geometry);
  const answer: BoundaryFeature = {
    type: 'Feature',
    id: geoid,
    properties: { GEOID: geoid, name: (f.properties as { name?: string } | null)?.name ?? '' },
    geometry:
      polygons.length === 1
        ? { type: 'Polygon', coordinates: polygons[0] }
        : { type: 'MultiPolygon', coordinates: polygons },
  };
  built.set(key, answer);
  return answer;
}

/** Every county's or state's boundary in the file, for the app server's boundary tiles. */
export function everyBoundary(kind: BoundaryKind): BoundaryFeature[] {
  return [...load().byId[kind].keys()].map((geoid) => boundaryFeature(kind, geoid)!);
}

/**
 * A state's name and its counties' GEOIDs, ascending, from the same file; null when no state
 * has that FIPS code. The published boundary operation answers one GEOID a call and lists
 * nothing, so a state's sync (server/workspace/) finds its counties here.
 */
export function stateCounties(fips: string): { name: string; counties: string[] } | null {
  const { byId } = load();
  const state = byId.states.get(fips);
  if (!state) return null;
  const counties = [...byId.counties.keys()].filter((id) => id.startsWith(fips)).sort();
  const name = (state.properties as { name?: string } | undefined)?.name;
  return { name: name ?? fips, counties };
}
