// A county or state of the Census boundaries as an area: its name and whole outline, found by
// GEOID in the boundary data (the map's sources, or the boundaries loaded for a shared link).
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { countyLabel } from './boundaries';

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
