// Census boundaries: county fill (also the click target for "Use this county"), lines, labels.
import type { LayerSpecification } from 'maplibre-gl';
import { BOUNDARY_LAYER, LAYER, SOURCE } from '../ids';
import { MAP_COLORS, LABEL_FONT_BOLD } from './colors';

export const countyFillLayer: LayerSpecification = {
  id: LAYER.countyFill,
  type: 'fill',
  source: SOURCE.boundaries,
  'source-layer': BOUNDARY_LAYER.counties,
  paint: { 'fill-color': MAP_COLORS.land },
};

export const countyLineLayer: LayerSpecification = {
  id: LAYER.countyLine,
  type: 'line',
  source: SOURCE.boundaries,
  'source-layer': BOUNDARY_LAYER.counties,
  minzoom: 4,
  paint: {
    'line-color': MAP_COLORS.countyLine,
    'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.4, 10, 1.2, 14, 2],
  },
};

export const stateLineLayer: LayerSpecification = {
  id: LAYER.stateLine,
  type: 'line',
  source: SOURCE.boundaries,
  'source-layer': BOUNDARY_LAYER.states,
  paint: {
    'line-color': MAP_COLORS.stateLine,
    'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.8, 10, 2.5],
  },
};

export const countyLabelLayer: LayerSpecification = {
  id: LAYER.countyLabel,
  type: 'symbol',
  source: SOURCE.boundaries,
  'source-layer': BOUNDARY_LAYER.countyLabels,
  minzoom: 7,
  maxzoom: 13,
  layout: {
    'text-field': ['get', 'label'],
    'text-font': LABEL_FONT_BOLD,
    'text-size': ['interpolate', ['linear'], ['zoom'], 7, 11, 12, 15],
    'text-transform': 'uppercase',
    'text-letter-spacing': 0.08,
    'text-max-width': 8,
  },
  paint: {
    'text-color': MAP_COLORS.countyLabel,
    'text-halo-color': MAP_COLORS.halo,
    'text-halo-width': 1.5,
  },
};
