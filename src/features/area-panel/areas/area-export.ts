// An area as a GeoJSON file the import reads back: the way out when the browser cannot store it.
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { SavedArea } from '../../../state/saved-area';
import { downloadText, fileSlug } from '../download';

export function areaFeature(area: SavedArea): Feature<Polygon | MultiPolygon, { name: string }> {
  return { type: 'Feature', properties: { name: area.name }, geometry: area.geometry };
}

export function exportAreaGeoJson(area: SavedArea): void {
  downloadText(
    `${fileSlug(area.name)}-area.geojson`,
    JSON.stringify(areaFeature(area)),
    'application/geo+json',
  );
}
