// Saved areas on the map: a light fill and an outline, the selected one stronger.
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { LayerSpecification } from 'maplibre-gl';
import { LAYER, SOURCE } from '../../map/ids';
import type { SavedArea } from '../../state/saved-area';

const AREA_COLOR = '#1f5fbf';

export const areaLayers: LayerSpecification[] = [
  {
    id: LAYER.areaFill,
    type: 'fill',
    source: SOURCE.areas,
    paint: {
      'fill-color': AREA_COLOR,
      'fill-opacity': ['case', ['get', 'selected'], 0.12, 0.05],
    },
  },
  {
    id: LAYER.areaLine,
    type: 'line',
    source: SOURCE.areas,
    paint: {
      'line-color': AREA_COLOR,
      'line-width': ['case', ['get', 'selected'], 3, 1.5],
      'line-dasharray': ['case', ['get', 'selected'], ['literal', [1, 0]], ['literal', [2, 2]]],
    },
  },
];

/** Every saved area except the one terra-draw is editing (it draws that one itself). */
export function areasCollection(
  areas: readonly SavedArea[],
  selectedId: string | null,
  editingId: string | null,
): FeatureCollection<Polygon | MultiPolygon> {
  return {
    type: 'FeatureCollection',
    features: areas
      .filter((a) => a.id !== editingId)
      .map((a) => ({
        type: 'Feature',
        id: undefined,
        geometry: a.geometry,
        properties: { areaId: a.id, name: a.name, selected: a.id === selectedId },
      })),
  };
}
