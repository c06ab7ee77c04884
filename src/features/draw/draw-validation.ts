// Terra-draw validation hooks backed by the same rules the service applies, so a crossing ring
// is refused at the moment it closes (or while a vertex is dragged), not by a 400 later.
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { validateAreaGeometry } from '../../lib/geo/validate-area';

/** The moments terra-draw asks (its UpdateTypes values). */
export type DrawUpdateType = 'commit' | 'provisional' | 'finish';

export interface DrawCheck {
  valid: boolean;
  reason?: string;
}

/** Only a Polygon can come out of the drawing tools; anything else is left to terra-draw. */
function polygonOf(feature: Pick<Feature, 'geometry'>): Polygon | null {
  return feature.geometry.type === 'Polygon' ? feature.geometry : null;
}

/**
 * For the drawing tools: checks the ring once the planner closes it. Points still being placed
 * are not judged, since an unfinished ring may cross itself on the way to a valid shape.
 */
export function checkOnClose(
  feature: Pick<Feature, 'geometry'>,
  updateType: DrawUpdateType,
  report: (reason: string) => void,
): DrawCheck {
  if (updateType !== 'finish') return { valid: true };
  return checkNow(feature, report);
}

/** For vertex edits: every move is checked, so a dragged vertex cannot make the ring cross. */
export function checkNow(
  feature: Pick<Feature, 'geometry'>,
  report: (reason: string) => void,
): DrawCheck {
  const polygon = polygonOf(feature);
  if (!polygon) return { valid: true };
  const problem = validateAreaGeometry(polygon);
  if (!problem) return { valid: true };
  report(problem);
  return { valid: false, reason: problem };
}

export function refusalMessage(problem: string): string {
  return `That shape was not kept: ${problem.replace(/\.$/, '')}. Draw it again without crossing edges.`;
}

/**
 * For "Use this county" and "Use <state>": a few dozen Census outlines touch themselves once
 * simplified. The service refuses such rings (and one over the vertex limit) and a stored area
 * is checked again on load, so one is not kept.
 */
export function boundaryRefusal(label: string, geometry: Polygon | MultiPolygon): string | null {
  const problem = validateAreaGeometry(geometry);
  if (!problem) return null;
  return `The outline of ${label} cannot be used as an area: ${problem.replace(/\.$/, '')} in the simplified Census boundary. Draw the area with a tool or import a GeoJSON outline instead.`;
}
