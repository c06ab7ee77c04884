// The real county: its Census boundary (us-atlas) and its towns at real ZIP centroids
// (zipcodes). Everything else in the demo fabric is synthetic.
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Town } from '../service/store/fabric';
import { LocalProjection, pointInRing } from './projection';

const require = createRequire(import.meta.url);

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}
interface ZipcodesModule {
  lookupByState(state: string): ZipRecord[];
}

export const COUNTY = {
  geoid: '17167',
  name: 'Sangamon County',
  state: 'IL',
  stateFips: '17',
} as const;

export interface CountyGeo {
  boundary: GeoJSON.MultiPolygon;
  projection: LocalProjection;
  /** Rings in local meters, flat [x, y, ...]; outer rings and holes alike (even-odd rule). */
  rings: Float64Array[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  towns: Town[];
}

export function inCounty(geo: CountyGeo, x: number, y: number): boolean {
  if (x < geo.minX || x > geo.maxX || y < geo.minY || y > geo.maxY) return false;
  let inside = false;
  for (const ring of geo.rings) if (pointInRing(ring, x, y)) inside = !inside;
  return inside;
}

function loadBoundary(): GeoJSON.MultiPolygon {
  const topo = require('us-atlas/counties-10m.json') as Topology<{
    counties: GeometryCollection;
  }>;
  const geom = topo.objects.counties.geometries.find((g) => g.id === COUNTY.geoid);
  if (!geom) throw new Error(`county ${COUNTY.geoid} not in us-atlas`);
  const f = feature(topo, geom) as GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.MultiPolygon>;
  const g = f.geometry;
  return g.type === 'Polygon'
    ? { type: 'MultiPolygon', coordinates: [g.coordinates] }
    : { type: 'MultiPolygon', coordinates: g.coordinates };
}

/**
 * ZIPs whose centroid lies in the county. Many ZIPs are PO-box or single-firm codes that
 * share a centroid with, or sit right beside, a lower-numbered ZIP of the same city; those are
 * dropped so each kept ZIP is a zone of its own.
 */
function loadTowns(geo: Omit<CountyGeo, 'towns'>): Town[] {
  const zipcodes = require('zipcodes') as ZipcodesModule;
  const inside = zipcodes
    .lookupByState(COUNTY.state)
    .filter((z) =>
      inCounty({ ...geo, towns: [] }, geo.projection.x(z.longitude), geo.projection.y(z.latitude)),
    )
    .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  const kept: Town[] = [];
  for (const z of inside) {
    const x = geo.projection.x(z.longitude);
    const y = geo.projection.y(z.latitude);
    const crowded = kept.some(
      (t) =>
        t.name === z.city &&
        Math.hypot(geo.projection.x(t.lng) - x, geo.projection.y(t.lat) - y) < 1200,
    );
    if (!crowded) kept.push({ name: z.city, zip: z.zip, lng: z.longitude, lat: z.latitude });
  }
  return kept;
}

export function loadCounty(): CountyGeo {
  const boundary = loadBoundary();
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  for (const poly of boundary.coordinates)
    for (const ring of poly)
      for (const [lng, lat] of ring) {
        minLng = Math.min(minLng, lng as number);
        maxLng = Math.max(maxLng, lng as number);
        minLat = Math.min(minLat, lat as number);
        maxLat = Math.max(maxLat, lat as number);
      }
  const projection = new LocalProjection((minLng + maxLng) / 2, (minLat + maxLat) / 2);
  const rings: Float64Array[] = [];
  for (const poly of boundary.coordinates)
    for (const ring of poly) {
      const flat = new Float64Array(ring.length * 2);
      ring.forEach(([lng, lat], i) => {
        flat[2 * i] = projection.x(lng as number);
        flat[2 * i + 1] = projection.y(lat as number);
      });
      rings.push(flat);
    }
  const base = {
    boundary,
    projection,
    rings,
    minX: projection.x(minLng),
    minY: projection.y(minLat),
    maxX: projection.x(maxLng),
    maxY: projection.y(maxLat),
  };
  return { ...base, towns: loadTowns(base) };
}
