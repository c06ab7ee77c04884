// A planner's area as the app holds it and as it is stored (area-persistence/record.ts reads
// it back with the import rules).
import type { MultiPolygon, Polygon } from 'geojson';

/** 'county' and 'state' come from the Census boundaries, 'place' from a town or ZIP searched. */
export type AreaSource = 'draw' | 'import' | 'county' | 'state' | 'place';

export interface SavedArea {
  id: string;
  name: string;
  geometry: Polygon | MultiPolygon;
  source: AreaSource;
  createdAt: number;
  /** A county's 5-digit or a state's 2-digit GEOID: a link names it instead of its outline. */
  geoid?: string;
}

/** Areas in a stable order every tab agrees on: oldest first. */
export function byCreation(a: SavedArea, b: SavedArea): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
