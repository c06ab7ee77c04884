// An outline moved onto the link's grid (area-code.ts, 1e-5°): an area is kept as its link
// carries it, so the planner who shares it and whoever opens the link count exactly the same
// locations (a location within a metre of an edge otherwise falls inside for one of them only).
import type { AreaGeometry } from './area-geojson';
import { decodeArea, encodeArea } from './area-code';
import { validateAreaGeometry } from './validate-area';

/** The outline as its link reads back; unchanged when the rounded one would break the area rules. */
export function onLinkGrid(geometry: AreaGeometry): AreaGeometry {
  const decoded = decodeArea(encodeArea(geometry));
  if (!decoded.ok || validateAreaGeometry(decoded.geometry)) return geometry;
  return decoded.geometry;
}
