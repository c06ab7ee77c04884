// A county or state of the Census boundaries as an area: its name and whole outline, asked of
// the app server by GEOID (the map's tiles hold only the pieces of it in view).
import type { MultiPolygon, Polygon } from 'geojson';
import { countyLabel } from '../../shared/county-label';
import { ApiError } from '../api/api-error';
import { fetchBoundaryOutline, type BoundaryKind } from '../api/boundaries';
import { validateAreaGeometry } from '../lib/geo/validate-area';

export type { BoundaryKind };

export interface BoundaryArea {
  kind: BoundaryKind;
  geoid: string;
  name: string;
  geometry: Polygon | MultiPolygon;
}

/** The county's or state's outline, or null when no boundary has that GEOID. */
export async function fetchBoundaryArea(
  kind: BoundaryKind,
  geoid: string,
): Promise<BoundaryArea | null> {
  let outline;
  try {
    outline = await fetchBoundaryOutline(kind, geoid);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
  const raw = outline.properties.name;
  const name = kind === 'county' ? countyLabel(raw, geoid) : raw || `State ${geoid}`;
  return { kind, geoid, name, geometry: outline.geometry };
}

export type BoundaryLookup = { ok: true; area: BoundaryArea } | { ok: false; problem: string };

/**
 * The county or state by GEOID as an area, its boundaries loaded first (a link or a search may
 * name one before the map has them); the problem says why it cannot be used.
 */
export async function loadBoundaryArea(kind: BoundaryKind, geoid: string): Promise<BoundaryLookup> {
  const what = `${kind} ${geoid}`;
  let found;
  try {
    found = await fetchBoundaryArea(kind, geoid);
  } catch {
    return {
      ok: false,
      problem: `The outline of ${what} did not load. Reload the page to try again.`,
    };
  }
  if (!found) return { ok: false, problem: `The Census boundaries do not hold ${what}.` };
  const problem = validateAreaGeometry(found.geometry);
  if (problem) {
    return {
      ok: false,
      problem: `The outline of ${found.name} cannot be used as an area: ${problem}`,
    };
  }
  return { ok: true, area: found };
}
