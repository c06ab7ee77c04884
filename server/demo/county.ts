// A real county: its Census boundary (us-atlas) and its towns at real ZIP centroids
// (zipcodes). Everything else in the demo fabric is synthetic. The demo's own county is
// Sangamon County, IL; a state demo (state-demo.ts) loads every county of a state.
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

/** Postal codes by state FIPS code: zipcodes files ZIPs by postal code, us-atlas by FIPS. */
export const STATE_POSTAL: Readonly<Record<string, string>> = {
  '01': 'AL',
  '02': 'AK',
  '04': 'AZ',
  '05': 'AR',
  '06': 'CA',
  '08': 'CO',
  '09': 'CT',
  '10': 'DE',
  '11': 'DC',
  '12': 'FL',
  '13': 'GA',
  '15': 'HI',
  '16': 'ID',
  '17': 'IL',
  '18': 'IN',
  '19': 'IA',
  '20': 'KS',
  '21': 'KY',
  '22': 'LA',
  '23': 'ME',
  '24': 'MD',
  '25': 'MA',
  '26': 'MI',
  '27': 'MN',
  '28': 'MS',
  '29': 'MO',
  '30': 'MT',
  '31': 'NE',
  '32': 'NV',
  '33': 'NH',
  '34': 'NJ',
  '35': 'NM',
  '36': 'NY',
  '37': 'NC',
  '38': 'ND',
  '39': 'OH',
  '40': 'OK',
  '41': 'OR',
  '42': 'PA',
  '44': 'RI',
  '45': 'SC',
  '46': 'SD',
  '47': 'TN',
  '48': 'TX',
  '49': 'UT',
  '50': 'VT',
  '51': 'VA',
  '53': 'WA',
  '54': 'WV',
  '55': 'WI',
  '56': 'WY',
  '72': 'PR',
};

export const COUNTY = {
  geoid: '17167',
  name: 'Sangamon County',
  state: 'IL',
  stateFips: '17',
} as const;

/** A county's name and codes, as the fabric names it. */
export interface CountyId {
  geoid: string;
  name: string; // "Sangamon County"
  state: string; // "IL"
  stateFips: string;
}

/**
 * Sangamon's area in local square meters (its boundary's rings, as loadCounty computes it): the
 * demo's planning constants were tuned on it, so other counties scale them by area against it.
 */
export const REFERENCE_AREA = 2256531040.4169364;

export interface CountyGeo {
  id: CountyId;
  /** Area in square meters (outer rings less holes). */
  area: number;
  /** The county's area over Sangamon's: 1 exactly for Sangamon itself. */
  areaRatio: number;
  /** ZIP centroids of each place name inside the county, PO-box codes included. */
  zipsOfPlace: Map<string, number>;
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

export function inCounty(
  geo: Pick<CountyGeo, 'rings' | 'minX' | 'minY' | 'maxX' | 'maxY'>,
  x: number,
  y: number,
): boolean {
  if (x < geo.minX || x > geo.maxX || y < geo.minY || y > geo.maxY) return false;
  let inside = false;
  for (const ring of geo.rings) if (pointInRing(ring, x, y)) inside = !inside;
  return inside;
}

type Atlas = Topology<{ counties: GeometryCollection<{ name?: string }> }>;
let atlas: Atlas | null = null;
function loadAtlas(): Atlas {
  atlas ??= require('us-atlas/counties-10m.json') as Atlas;
  return atlas;
}

/** Every county GEOID of a state (2-digit FIPS) in us-atlas, ascending. */
export function countiesOfState(stateFips: string): string[] {
  return loadAtlas()
    .objects.counties.geometries.map((g) => String(g.id))
    .filter((id) => id.startsWith(stateFips) && id.length === 5)
    .sort();
}

/** A county's outline (us-atlas) as a MultiPolygon, and its name there. */
export function loadBoundary(geoid: string): { boundary: GeoJSON.MultiPolygon; name: string } {
  const topo = loadAtlas();
  const geom = topo.objects.counties.geometries.find((g) => g.id === geoid);
  if (!geom) throw new Error(`county ${geoid} not in us-atlas`);
  const f = feature(topo, geom) as GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.MultiPolygon>;
  const g = f.geometry;
  const boundary: GeoJSON.MultiPolygon =
    g.type === 'Polygon'
      ? { type: 'MultiPolygon', coordinates: [g.coordinates] }
      : { type: 'MultiPolygon', coordinates: g.coordinates };
  return { boundary, name: (geom.properties as { name?: string } | null)?.name ?? geoid };
}

/** Shoelace area of a flat [x, y, ...] ring, unsigned. */
function ringArea(ring: Float64Array): number {
  let twice = 0;
  for (let i = 0; i + 3 < ring.length; i += 2)
    twice += ring[i] * ring[i + 3] - ring[i + 2] * ring[i + 1];
  return Math.abs(twice) / 2;
}

/**
 * ZIPs whose centroid lies in the county. Many ZIPs are PO-box or single-firm codes that
 * share a centroid with, or sit right beside, a lower-numbered ZIP of the same city; those are
 * dropped so each kept ZIP is a zone of its own.
 */
type GeoBase = Pick<CountyGeo, 'projection' | 'rings' | 'minX' | 'minY' | 'maxX' | 'maxY'>;
const inBase = inCounty;

function zipsInside(geo: GeoBase, state: string): ZipRecord[] {
  const zipcodes = require('zipcodes') as ZipcodesModule;
  return zipcodes
    .lookupByState(state)
    .filter((z) => inBase(geo, geo.projection.x(z.longitude), geo.projection.y(z.latitude)))
    .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
}

/**
 * A county no ZIP centroid falls in (a small one, or one the 1:10M boundary cuts close) still
 * gets one town: the state's ZIP nearest its middle, placed at the county's inside point nearest
 * that middle.
 */
function fallbackTown(geo: GeoBase, state: string): ZipRecord {
  const zipcodes = require('zipcodes') as ZipcodesModule;
  const mx = (geo.minX + geo.maxX) / 2;
  const my = (geo.minY + geo.maxY) / 2;
  let best: ZipRecord | null = null;
  let bestD = Infinity;
  for (const z of zipcodes.lookupByState(state)) {
    const d = Math.hypot(geo.projection.x(z.longitude) - mx, geo.projection.y(z.latitude) - my);
    if (d < bestD || (d === bestD && best && z.zip < best.zip)) {
      best = z;
      bestD = d;
    }
  }
  if (!best) throw new Error(`no ZIP code of ${state} is known`);
  let at: [number, number] | null = null;
  let atD = Infinity;
  const step = Math.max(50, Math.min(geo.maxX - geo.minX, geo.maxY - geo.minY) / 60);
  for (let x = geo.minX + step / 2; x < geo.maxX; x += step)
    for (let y = geo.minY + step / 2; y < geo.maxY; y += step) {
      const d = Math.hypot(x - mx, y - my);
      if (d < atD && inBase(geo, x, y)) {
        at = [x, y];
        atD = d;
      }
    }
  if (!at) throw new Error('the county has no inside point on a 60-step grid');
  return { ...best, longitude: geo.projection.lng(at[0]), latitude: geo.projection.lat(at[1]) };
}

function loadTowns(geo: GeoBase, inside: ZipRecord[]): Town[] {
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

/** A county by its GEOID; the demo's own (Sangamon County, IL) when none is given. */
export function loadCounty(geoid: string = COUNTY.geoid): CountyGeo {
  const stateFips = geoid.slice(0, 2);
  const state = STATE_POSTAL[stateFips];
  if (!state) throw new Error(`no state has FIPS code ${stateFips}`);
  const { boundary, name } = loadBoundary(geoid);
  const id: CountyId =
    geoid === COUNTY.geoid
      ? { ...COUNTY }
      : { geoid, name: countyName(name, state), state, stateFips };
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
  let area = 0;
  let r = 0;
  for (const poly of boundary.coordinates)
    poly.forEach((_, k) => {
      area += (k === 0 ? 1 : -1) * ringArea(rings[r++]);
    });
  let inside = zipsInside(base, state);
  const zipsOfPlace = new Map<string, number>();
  for (const z of inside) zipsOfPlace.set(z.city, (zipsOfPlace.get(z.city) ?? 0) + 1);
  if (inside.length === 0) inside = [fallbackTown(base, state)];
  return {
    ...base,
    id,
    area,
    areaRatio: area / REFERENCE_AREA,
    zipsOfPlace,
    towns: loadTowns(base, inside),
  };
}

/** us-atlas names a county bare ("Kent"); the fabric as the Census does ("Kent County"). */
function countyName(bare: string, state: string): string {
  if (state === 'DC' || / (County|Parish|Borough|Census Area|Municipality|city|City)$/.test(bare))
    return bare;
  if (state === 'LA') return `${bare} Parish`;
  if (state === 'AK') return `${bare} Borough`;
  return `${bare} County`;
}
