// Turns a summarize body into the store's Area, refusing what a summary can't be computed
// over: open rings, rings under 4 positions, coordinates out of range, rings crossing
// themselves, more than MAX_VERTICES in all. Each refusal names its rule.
import type { Area } from '../store/store';
import type { AreaGeoJson } from '../schemas/geojson';
import { ServiceError } from './errors';
import { findRingSelfIntersection } from './ring-self-intersection';

export const MAX_VERTICES = 100_000;

type Rings = GeoJSON.Position[][];

function invalid(rule: string, message: string, where: Record<string, unknown> = {}): ServiceError {
  return new ServiceError('invalid_geojson', message, { rule, ...where });
}

function polygonsOf(doc: AreaGeoJson): Rings[] {
  switch (doc.type) {
    case 'Polygon':
      return [doc.coordinates];
    case 'MultiPolygon':
      return doc.coordinates;
    case 'Feature':
      return polygonsOf(doc.geometry);
    case 'FeatureCollection':
      return doc.features.flatMap((f) => polygonsOf(f.geometry));
  }
}

/** Whether a ring has at least 3 distinct positions, without a set of them all. */
function hasThreeDistinct(ring: readonly [number, number][]): boolean {
  const [x0, y0] = ring[0]!;
  const second = ring.find(([x, y]) => x !== x0 || y !== y0);
  if (!second) return false;
  const [x1, y1] = second;
  return ring.some(([x, y]) => (x !== x0 || y !== y0) && (x !== x1 || y !== y1));
}

function checkRing(ring: GeoJSON.Position[], polygon: number, index: number): [number, number][] {
  const where = { polygon, ring: index };
  if (ring.length < 4) {
    throw invalid(
      'min_positions',
      `ring ${index} of polygon ${polygon} has ${ring.length} positions; a ring needs at least 4`,
      where,
    );
  }
  const out: [number, number][] = [];
  for (const [lng, lat] of ring as [number, number][]) {
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) {
      throw invalid(
        'numeric',
        `ring ${index} of polygon ${polygon} has a non-numeric coordinate`,
        where,
      );
    }
    if (lng < -180 || lng > 180 || lat < -90 || lat > 90) {
      throw invalid(
        'range',
        `ring ${index} of polygon ${polygon} has a position out of range (longitude -180..180, latitude -90..90)`,
        where,
      );
    }
    out.push([lng, lat]);
  }
  const first = out[0]!;
  const last = out[out.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) {
    throw invalid(
      'closed',
      `ring ${index} of polygon ${polygon} is not closed (first and last positions differ)`,
      where,
    );
  }
  if (!hasThreeDistinct(out)) {
    throw invalid(
      'min_positions',
      `ring ${index} of polygon ${polygon} has fewer than 3 distinct positions`,
      where,
    );
  }
  const crossing = findRingSelfIntersection(out);
  if (crossing) {
    throw invalid(
      'self_intersection',
      `ring ${index} of polygon ${polygon} intersects itself (segments ${crossing[0]} and ${crossing[1]})`,
      { ...where, segments: crossing },
    );
  }
  return out;
}

export function areaFromGeoJson(doc: AreaGeoJson): Area {
  const polygons = polygonsOf(doc);
  let vertices = 0;
  for (const rings of polygons) for (const ring of rings) vertices += ring.length;
  if (vertices > MAX_VERTICES) {
    throw invalid(
      'max_vertices',
      `the area has ${vertices} vertices; at most ${MAX_VERTICES} are accepted`,
      { vertices, max: MAX_VERTICES },
    );
  }
  return polygons.map((rings, p) => rings.map((ring, r) => checkRing(ring, p, r)));
}
