// A county or state of the Census boundaries as an area: its name and whole outline, found by
// GEOID in the boundary data (the map's sources, or the boundaries loaded for a shared link).
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { countyLabel } from '../../shared/county-label';
import { validateAreaGeometry } from '../lib/geo/validate-area';
import { loadBoundaries } from './boundaries';

export type BoundaryKind = 'county' | 'state';

export interface BoundaryArea {
  kind: BoundaryKind;
  geoid: string;
  name: string;
  geometry: Polygon | MultiPolygon;
}

/** The county's or state's outline in `data`, or null when the GEOID is not there. */
export function findBoundaryArea(
  data: FeatureCollection | undefined,
  kind: BoundaryKind,
  geoid: string,
): BoundaryArea | null {
  const found = data?.features.find((f) => String(f.properties?.geoid ?? f.id ?? '') === geoid);
  const geometry = found?.geometry;
  if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) return null;
  const raw = String(found.properties?.name ?? '');
  const name = kind === 'county' ? countyLabel(raw, geoid) : raw || `State ${geoid}`;
  return { kind, geoid, name, geometry };
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
    const boundaries = await loadBoundaries();
    found = findBoundaryArea(
      kind === 'county' ? boundaries.counties : boundaries.states,
      kind,
      geoid,
    );
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
