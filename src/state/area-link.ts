// The selected area as a link names it (`area=`): a county or a state by its GEOID (`c:17167`,
// `s:17`), any other area by its rings (`d:`, `i:`, `p:` for drawn, imported and place areas,
// then the code of lib/geo/area-code.ts). Opening a link or a view file adds the area to the
// planner's areas, or selects the one already there with the same outline.
import { decodeArea, encodeArea } from '../lib/geo/area-code';
import type { Feature } from 'geojson';
import type { AreaGeometry } from '../lib/geo/area-geojson';
import { validateAreaGeometry } from '../lib/geo/validate-area';
import type { AreaSource, SavedArea } from './saved-area';
import type { AppState } from './store';

export type AreaLink =
  | { kind: 'county' | 'state'; geoid: string }
  | { kind: 'shape'; source: AreaSource; geometry: AreaGeometry };

/** The longest link shared as is: about what mail, chat and older browsers carry whole. */
export const MAX_LINK_LENGTH = 2000;

export type AreaLinkParse = { ok: true; link: AreaLink } | { ok: false; reason: string };

const SHAPE_LETTER = { draw: 'd', import: 'i', place: 'p' } as const;
const SHAPE_SOURCE: Record<string, AreaSource> = { d: 'draw', i: 'import', p: 'place' };
const BOUNDARY = { c: { kind: 'county', digits: 5 }, s: { kind: 'state', digits: 2 } } as const;

// A geometry is encoded again only when it changes (the URL is rewritten on every store change).
const codes = new WeakMap<AreaGeometry, string>();

/** The rings' code, remembered per geometry object. */
export function areaCode(geometry: AreaGeometry): string {
  let code = codes.get(geometry);
  if (code === undefined) codes.set(geometry, (code = encodeArea(geometry)));
  return code;
}

/** The `area=` value naming this area. A county or state of an older build has no GEOID. */
export function areaParam(area: SavedArea): string {
  if (area.source === 'county' && area.geoid?.length === 5) return `c:${area.geoid}`;
  if (area.source === 'state' && area.geoid?.length === 2) return `s:${area.geoid}`;
  const letter = area.source in SHAPE_LETTER ? SHAPE_LETTER[area.source as 'draw'] : 'i';
  return `${letter}:${areaCode(area.geometry)}`;
}

/** Reads `area=`; the reason says what is wrong, for the notice shown instead of the area. */
export function parseAreaParam(value: string): AreaLinkParse {
  const [, letter, rest] = /^([a-z]):(.*)$/s.exec(value) ?? [];
  if (!letter || rest === undefined)
    return { ok: false, reason: 'it does not start with c:, s:, d:, i: or p:' };
  if (letter === 'c' || letter === 's') {
    const { kind, digits } = BOUNDARY[letter];
    return new RegExp(`^\\d{${digits}}$`).test(rest)
      ? { ok: true, link: { kind, geoid: rest } }
      : { ok: false, reason: `a ${kind} is named by its ${digits}-digit GEOID` };
  }
  const source = SHAPE_SOURCE[letter];
  if (!source) return { ok: false, reason: `“${letter}:” names no kind of area` };
  const decoded = decodeArea(rest);
  if (!decoded.ok) return { ok: false, reason: `its outline cannot be read: ${decoded.reason}` };
  const problem = validateAreaGeometry(decoded.geometry);
  if (problem) return { ok: false, reason: `its outline is not an area: ${problem}` };
  return { ok: true, link: { kind: 'shape', source, geometry: decoded.geometry } };
}

/**
 * Selects the planner's area with this outline (or this GEOID), or adds it: opening the same
 * link twice, or one's own link, keeps one area. Outlines are compared at the code's 1e-5°.
 */
export function addOrSelectArea(
  state: AppState,
  area: { name: string; geometry: AreaGeometry; source: AreaSource; geoid?: string },
): string {
  const code = areaCode(area.geometry);
  const same = state.areas.find(
    (a) =>
      (area.geoid !== undefined && a.geoid === area.geoid && a.source === area.source) ||
      areaCode(a.geometry) === code,
  );
  if (same) {
    state.selectArea(same.id);
    return same.id;
  }
  return state.addArea(area);
}

/** The property of a view file's feature that holds the view, as a link's query string. */
export const VIEW_PROPERTY = 'coverage_explorer_view';
/** What a view names besides its area; the area is the file's geometry. */
const VIEW_KEYS = ['v', 'cv', 'aud', 'spd', 'tech', 'll', 'wcv', 'wv', 'tab'];

/**
 * The view file of an area too detailed for a link: the area as a GeoJSON Feature (so any GIS
 * reads it, and the import takes it as an area), its view in VIEW_PROPERTY.
 */
export function viewFile(area: SavedArea, search: string): Feature<AreaGeometry> {
  const all = new URLSearchParams(search);
  const view = new URLSearchParams();
  for (const key of VIEW_KEYS) {
    const value = all.get(key);
    if (value !== null) view.set(key, value);
  }
  return {
    type: 'Feature',
    properties: { name: area.name, source: area.source, [VIEW_PROPERTY]: `?${view.toString()}` },
    geometry: area.geometry,
  };
}
