// Turns an imported or pasted GeoJSON document into one area geometry (the import scenario):
// Polygon, MultiPolygon, a Feature of one, or a FeatureCollection of them; anything else is
// refused with a message that says what was expected.
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { validateAreaGeometry } from './validate-area';

export type AreaGeometry = Polygon | MultiPolygon;

export type AreaParse = { ok: true; geometry: AreaGeometry } | { ok: false; message: string };

export const EXPECTED_AREA =
  'Expected a GeoJSON Polygon, MultiPolygon, or a Feature or FeatureCollection of those.';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Polygons (lists of rings) in a document, or a description of the first thing that is not one. */
function collectPolygons(doc: unknown, where: string): Position[][][] | string {
  if (!isObject(doc)) return `${where} is not a GeoJSON object.`;
  switch (doc.type) {
    case 'Polygon':
      return Array.isArray(doc.coordinates)
        ? [doc.coordinates as Position[][]]
        : `${where} has no coordinates.`;
    case 'MultiPolygon':
      return Array.isArray(doc.coordinates)
        ? (doc.coordinates as Position[][][])
        : `${where} has no coordinates.`;
    case 'Feature':
      if (doc.geometry === null || doc.geometry === undefined) return `${where} has no geometry.`;
      return collectPolygons(doc.geometry, `the geometry of ${where}`);
    case 'FeatureCollection': {
      if (!Array.isArray(doc.features)) return `${where} has no features list.`;
      if (doc.features.length === 0) return 'The FeatureCollection is empty.';
      const polygons: Position[][][] = [];
      for (const [i, feature] of doc.features.entries()) {
        const found = collectPolygons(feature, `feature ${i + 1}`);
        if (typeof found === 'string') return found;
        polygons.push(...found);
      }
      return polygons;
    }
    default:
      return `${where} is a ${typeof doc.type === 'string' ? doc.type : 'object without a type'}.`;
  }
}

export function parseAreaGeoJson(doc: unknown): AreaParse {
  const polygons = collectPolygons(doc, 'the document');
  if (typeof polygons === 'string')
    return { ok: false, message: `${capitalize(polygons)} ${EXPECTED_AREA}` };
  if (polygons.length === 0) return { ok: false, message: `No polygons found. ${EXPECTED_AREA}` };
  const geometry: AreaGeometry =
    polygons.length === 1
      ? { type: 'Polygon', coordinates: polygons[0]! }
      : { type: 'MultiPolygon', coordinates: polygons };
  const problem = validateAreaGeometry(geometry);
  return problem ? { ok: false, message: problem } : { ok: true, geometry };
}

/** Reads text (a dropped or picked file) as an area. */
export function parseAreaText(text: string): AreaParse {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { ok: false, message: `The file is not valid JSON. ${EXPECTED_AREA}` };
  }
  return parseAreaGeoJson(doc);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
