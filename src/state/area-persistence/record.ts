// One saved area as stored text: read back with the same geometry rules as an import, so an
// area that was edited by hand, truncated or written by an older build is caught on load and
// set aside instead of reaching the map or the summary.
import { validateAreaGeometry } from '../../lib/geo/validate-area';
import type { AreaSource, SavedArea } from '../saved-area';

export type AreaRecordParse = { ok: true; area: SavedArea } | { ok: false; reason: string };

const SOURCES: readonly AreaSource[] = ['draw', 'import', 'county', 'state', 'place'];
/** A state's 2-digit or a county's 5-digit GEOID. */
const GEOID = /^(\d{2}|\d{5})$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks one stored area (already parsed JSON); `expectedId` is the id its storage key names.
 * `accepted` is an area this tab already holds: when the geometry is the same (a rename in
 * another tab), the geometry rules are not run again on every keystroke.
 */
export function parseAreaValue(
  value: unknown,
  expectedId?: string,
  accepted?: SavedArea,
): AreaRecordParse {
  if (!isObject(value)) return { ok: false, reason: 'It is not an area record.' };
  const { id, name, geometry, source, createdAt, geoid } = value;
  if (typeof id !== 'string' || id === '') return { ok: false, reason: 'It has no id.' };
  if (expectedId !== undefined && id !== expectedId)
    return { ok: false, reason: `Its id (${id}) differs from the one its key names.` };
  if (typeof name !== 'string') return { ok: false, reason: 'It has no name.' };
  if (!isObject(geometry) || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon'))
    return { ok: false, reason: 'Its geometry is not a Polygon or MultiPolygon.' };
  if (!Array.isArray(geometry.coordinates))
    return { ok: false, reason: 'Its geometry has no coordinates.' };
  const area = {
    id,
    name,
    geometry: geometry as unknown as SavedArea['geometry'],
    // Older records may lack these two; they do not affect the shape, so defaults are safe.
    source: SOURCES.includes(source as AreaSource) ? (source as AreaSource) : 'import',
    createdAt: typeof createdAt === 'number' && Number.isFinite(createdAt) ? createdAt : 0,
    // Older county records have none; a link then carries the outline instead.
    ...(typeof geoid === 'string' && GEOID.test(geoid) ? { geoid } : {}),
  };
  const same =
    accepted !== undefined &&
    accepted.id === id &&
    JSON.stringify(accepted.geometry) === JSON.stringify(area.geometry);
  const problem = same ? null : validateAreaGeometry(area.geometry);
  return problem ? { ok: false, reason: problem } : { ok: true, area };
}

/** Parses stored text as one area. */
export function parseAreaRecord(
  text: string,
  expectedId?: string,
  accepted?: SavedArea,
): AreaRecordParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'It is not valid JSON.' };
  }
  return parseAreaValue(value, expectedId, accepted);
}

/** The text stored for an area: only its own fields, so UI state never leaks into storage. */
export function areaRecordText(area: SavedArea): string {
  const { id, name, geometry, source, createdAt, geoid } = area;
  return JSON.stringify({ id, name, geometry, source, createdAt, geoid });
}
