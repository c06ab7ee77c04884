// Turns a summarize body into the store's Area, refusing what a summary can't be computed
// over with the area rules the web app applies too (shared/area-rules.ts): each refusal is a
// 400 invalid_geojson naming its rule and where (docs/SERVICE.md, "summarize").
import { areaProblem, type AreaProblem } from '../../../shared/area-rules';
import type { Area } from '../store/store';
import type { AreaGeoJson } from '../../contract/schemas/geojson';
import { ServiceError } from '../../contract/errors';

type Rings = GeoJSON.Position[][];

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

/** The message and details of a refusal; indexes are zero-based, as in the body. */
function areaRefusal(problem: AreaProblem): ServiceError {
  const fail = (rule: string, message: string, details: Record<string, unknown>) =>
    new ServiceError('invalid_geojson', message, { rule, ...details });
  if (problem.rule === 'max_vertices') {
    const { vertices, max } = problem;
    return fail('max_vertices', `the area has ${vertices} vertices; at most ${max} are accepted`, {
      vertices,
      max,
    });
  }
  if (problem.rule === 'no_rings')
    return fail('no_rings', `polygon ${problem.polygon} has no rings`, {
      polygon: problem.polygon,
    });
  const where = { polygon: problem.polygon, ring: problem.ring };
  const ring = `ring ${problem.ring} of polygon ${problem.polygon}`;
  switch (problem.rule) {
    case 'not_positions':
      return fail(
        'not_positions',
        `${ring} has a position that is not [longitude, latitude]`,
        where,
      );
    case 'min_positions':
      return problem.distinct
        ? fail('min_positions', `${ring} has fewer than 3 distinct positions`, where)
        : fail(
            'min_positions',
            `${ring} has ${problem.positions} positions; a ring needs at least 4`,
            where,
          );
    case 'numeric':
      return fail('numeric', `${ring} has a non-numeric coordinate`, where);
    case 'range':
      return fail(
        'range',
        `${ring} has a position out of range (longitude -180..180, latitude -90..90)`,
        where,
      );
    case 'closed':
      return fail('closed', `${ring} is not closed (first and last positions differ)`, where);
    case 'self_intersection': {
      const [i, j] = problem.segments;
      return fail('self_intersection', `${ring} intersects itself (segments ${i} and ${j})`, {
        ...where,
        segments: problem.segments,
      });
    }
  }
}

export function areaFromGeoJson(doc: AreaGeoJson): Area {
  const polygons = polygonsOf(doc);
  const problem = areaProblem(polygons);
  if (problem) throw areaRefusal(problem);
  return polygons.map((rings) => rings.map((ring) => ring.map(([lng, lat]) => [lng, lat])));
}
