// An imported file as the areas it holds: a FeatureCollection keeps one area per feature, each
// named from its name-like property (name, NAMELSAD, title, label, …) or else "<file> n"; any
// other document is one area, as before. A feature that is not a valid area refuses the file,
// naming the feature, so a planner never gets half of a set of wards without knowing it.
import { EXPECTED_AREA, parseAreaGeoJson, type AreaGeometry } from '../../lib/geo/area-geojson';
import { VIEW_PROPERTY } from '../../state/area-link';

export interface ImportedArea {
  name: string;
  geometry: AreaGeometry;
}

/** `view`: a view file's (state/area-link.ts) query string, to apply once its area is in. */
export type ImportParse =
  { ok: true; areas: ImportedArea[]; view?: string } | { ok: false; message: string };

/** A name from the file: "ward-3.geojson" → "ward-3". */
export function areaNameFromFile(fileName: string): string {
  return fileName.replace(/\.(geo)?json$/i, '').trim() || 'Imported area';
}

/** Property names that hold a feature's name, best first (compared ignoring case). */
const NAME_KEYS = ['name', 'namelsad', 'name20', 'namelsad20', 'title', 'label', 'geo_name'];
const MAX_NAME = 80;

/** The feature's name: the first name-like property with text, else any key ending in "name". */
export function featureName(properties: unknown): string | null {
  if (typeof properties !== 'object' || properties === null) return null;
  const entries = Object.entries(properties as Record<string, unknown>);
  const text = (value: unknown) =>
    (typeof value === 'string' || typeof value === 'number') && String(value).trim()
      ? String(value).trim().slice(0, MAX_NAME)
      : null;
  for (const key of NAME_KEYS) {
    const found = entries.find(([k, v]) => k.toLowerCase() === key && text(v));
    if (found) return text(found[1]);
  }
  const ending = entries.find(([k, v]) => /name$/i.test(k) && text(v));
  return ending ? text(ending[1]) : null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function areasFromText(text: string, fileName: string): ImportParse {
  const base = areaNameFromFile(fileName);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { ok: false, message: `The file is not valid JSON. ${EXPECTED_AREA}` };
  }
  if (!isObject(doc) || doc.type !== 'FeatureCollection' || !Array.isArray(doc.features)) {
    const parsed = parseAreaGeoJson(doc);
    if (!parsed.ok) return parsed;
    const feature = isObject(doc) && doc.type === 'Feature' ? doc : null;
    const name = feature ? featureName(feature.properties) : null;
    const view = isObject(feature?.properties) ? feature.properties[VIEW_PROPERTY] : undefined;
    const areas = [{ name: name ?? base, geometry: parsed.geometry }];
    return typeof view === 'string' && view.startsWith('?')
      ? { ok: true, areas, view }
      : { ok: true, areas };
  }
  if (doc.features.length === 0)
    return { ok: false, message: `The FeatureCollection is empty. ${EXPECTED_AREA}` };
  const areas: ImportedArea[] = [];
  for (const [i, feature] of doc.features.entries()) {
    const name = featureName(isObject(feature) ? feature.properties : null);
    const parsed = parseAreaGeoJson(feature);
    if (!parsed.ok)
      return {
        ok: false,
        message: `Feature ${i + 1}${name ? ` (${name})` : ''}: ${parsed.message}`,
      };
    areas.push({ name: name ?? `${base} ${i + 1}`, geometry: parsed.geometry });
  }
  // One feature keeps the file's name when it has none of its own, as a lone area always did.
  if (areas.length === 1 && !featureName((doc.features[0] as { properties?: unknown }).properties))
    areas[0]!.name = base;
  return { ok: true, areas };
}
