// Map styling of the selection: the click, a dashed line to the found location, its marker.
// One source, styled by the `role` property, so every update is a single setData.
import type { LayerSpecification } from 'maplibre-gl';
import { LAYER, SOURCE } from '../../map/ids';

export type SelectionRole = 'click' | 'link' | 'location';

const SELECTION_COLOR = '#c2185b';

export const locationSelectionLayers: LayerSpecification[] = [
  {
    id: LAYER.locationLink,
    type: 'line',
    source: SOURCE.locationSelection,
    filter: ['==', ['get', 'role'], 'link'],
    layout: { 'line-cap': 'round' },
    paint: { 'line-color': SELECTION_COLOR, 'line-width': 2, 'line-dasharray': [2, 2] },
  },
  {
    id: LAYER.locationClick,
    type: 'circle',
    source: SOURCE.locationSelection,
    filter: ['==', ['get', 'role'], 'click'],
    paint: {
      'circle-radius': 4,
      'circle-color': '#ffffff',
      'circle-stroke-color': SELECTION_COLOR,
      'circle-stroke-width': 2,
    },
  },
  {
    id: LAYER.locationMarker,
    type: 'circle',
    source: SOURCE.locationSelection,
    filter: ['==', ['get', 'role'], 'location'],
    paint: {
      'circle-radius': 8,
      'circle-color': SELECTION_COLOR,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 3,
    },
  },
];

type Point = { lng: number; lat: number };

/** Features for the click and the location, either of which may be unknown yet. */
export function selectionFeatures(
  click: Point | null,
  location: Point | null,
): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  if (click && location) {
    features.push({
      type: 'Feature',
      properties: { role: 'link' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [click.lng, click.lat],
          [location.lng, location.lat],
        ],
      },
    });
  }
  if (click) features.push(point(click, 'click'));
  if (location) features.push(point(location, 'location'));
  return { type: 'FeatureCollection', features };
}

function point(p: Point, role: SelectionRole): GeoJSON.Feature {
  return {
    type: 'Feature',
    properties: { role },
    geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
  };
}
