// The demo fabric from the service's vector tiles, each layer from the zoom where it reads well.
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { FABRIC_SOURCE_LAYER, LAYER, SOURCE } from '../ids';
import { BUILDING_TYPES } from './building-types';
import { LABEL_FONT, LABEL_FONT_BOLD, MAP_COLORS } from './colors';

// Road classes in the service's tiles: minor (town streets), arterial (town main streets),
// collector (rural section roads), primary (highways).
const isHighway: ExpressionSpecification = ['==', ['get', 'class'], 'primary'];
const isMajorRoad: ExpressionSpecification = [
  'in',
  ['get', 'class'],
  ['literal', ['primary', 'arterial', 'collector', 'major', 'trunk', 'motorway', 'secondary']],
];

/** Road width in pixels by zoom: highways widest, then main and rural roads, then streets. */
function roadWidth(scale: number): ExpressionSpecification {
  const byClass = (highway: number, major: number, minor: number): ExpressionSpecification => [
    'case',
    isHighway,
    highway * scale,
    isMajorRoad,
    major * scale,
    minor * scale,
  ];
  return [
    'interpolate',
    ['exponential', 1.6],
    ['zoom'],
    8,
    byClass(0.8, 0.3, 0.2),
    11,
    byClass(1.6, 0.9, 0.4),
    14,
    byClass(4, 2.6, 1.8),
    18,
    byClass(18, 14, 10),
  ];
}

/** Which roads a zoom shows: highways from 8, main and rural roads from 11, streets from 13. */
const roadVisibleAtZoom: ExpressionSpecification = [
  'any',
  isHighway,
  ['all', isMajorRoad, ['>=', ['zoom'], 11]],
  ['>=', ['zoom'], 13],
];

export const parcelLineLayer: LayerSpecification = {
  id: LAYER.parcelLine,
  type: 'line',
  source: SOURCE.fabric,
  'source-layer': FABRIC_SOURCE_LAYER.parcels,
  minzoom: 14,
  paint: { 'line-color': MAP_COLORS.parcelLine, 'line-width': 0.8 },
};

export const footprintFillLayer: LayerSpecification = {
  id: LAYER.footprintFill,
  type: 'fill',
  source: SOURCE.fabric,
  'source-layer': FABRIC_SOURCE_LAYER.footprints,
  minzoom: 15,
  paint: { 'fill-color': MAP_COLORS.footprintFill },
};

export const footprintLineLayer: LayerSpecification = {
  id: LAYER.footprintLine,
  type: 'line',
  source: SOURCE.fabric,
  'source-layer': FABRIC_SOURCE_LAYER.footprints,
  minzoom: 15,
  paint: { 'line-color': MAP_COLORS.footprintLine, 'line-width': 0.6 },
};

export const roadCasingLayer: LayerSpecification = {
  id: LAYER.roadCasing,
  type: 'line',
  source: SOURCE.fabric,
  'source-layer': FABRIC_SOURCE_LAYER.roads,
  minzoom: 11,
  filter: roadVisibleAtZoom,
  layout: { 'line-cap': 'round', 'line-join': 'round' },
  paint: { 'line-color': MAP_COLORS.roadCasing, 'line-width': roadWidth(1.5) },
};

export const roadMinorLayer: LayerSpecification = {
  id: LAYER.roadMinor,
  type: 'line',
  source: SOURCE.fabric,
  'source-layer': FABRIC_SOURCE_LAYER.roads,
  minzoom: 13,
  filter: ['!', isMajorRoad],
  layout: { 'line-cap': 'round', 'line-join': 'round' },
  paint: { 'line-color': MAP_COLORS.roadMinor, 'line-width': roadWidth(1) },
};

export const roadMajorLayer: LayerSpecification = {
  id: LAYER.roadMajor,
  type: 'line',
  source: SOURCE.fabric,
  'source-layer': FABRIC_SOURCE_LAYER.roads,
  filter: ['all', isMajorRoad, roadVisibleAtZoom],
  layout: { 'line-cap': 'round', 'line-join': 'round' },
  paint: {
    'line-color': ['case', isHighway, MAP_COLORS.roadHighway, MAP_COLORS.roadMajor],
    'line-width': roadWidth(1),
  },
};

/**
 * Every location as a small neutral dot: colour is the fixed broadband layer's (its status)
 * or, when chosen, the building type layer's below.
 */
export const locationDotLayer: LayerSpecification = {
  id: LAYER.locationDot,
  type: 'circle',
  source: SOURCE.fabric,
  'source-layer': FABRIC_SOURCE_LAYER.locations,
  minzoom: 14,
  paint: {
    'circle-radius': ['interpolate', ['linear'], ['zoom'], 14, 1.5, 16, 2.5, 18, 4],
    'circle-color': MAP_COLORS.locationNeutral,
    'circle-stroke-color': '#ffffff',
    'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 14, 0.3, 17, 1],
  },
};

/**
 * The optional "Building type" layer: a dot coloured by building_type_code, smaller than a
 * fixed broadband symbol and drawn over it, so with both on the status shows as a ring.
 */
export const buildingTypeDotLayer: LayerSpecification = {
  id: LAYER.buildingTypeDot,
  type: 'circle',
  source: SOURCE.fabric,
  'source-layer': FABRIC_SOURCE_LAYER.locations,
  minzoom: 14,
  layout: { visibility: 'none' },
  paint: {
    'circle-radius': ['interpolate', ['linear'], ['zoom'], 14, 1.6, 16, 2.4, 18, 4],
    'circle-color': [
      'match',
      ['get', 'building_type_code'],
      ...BUILDING_TYPES.flatMap((t) => [t.code, t.color]),
      MAP_COLORS.locationOther,
    ] as unknown as ExpressionSpecification,
  },
};

export const roadLabelLayer: LayerSpecification = {
  id: LAYER.roadLabel,
  type: 'symbol',
  source: SOURCE.fabric,
  'source-layer': FABRIC_SOURCE_LAYER.roads,
  minzoom: 12,
  filter: ['any', isHighway, ['all', isMajorRoad, ['>=', ['zoom'], 13]], ['>=', ['zoom'], 15]],
  layout: {
    'symbol-placement': 'line',
    'text-field': ['coalesce', ['get', 'name'], ''],
    'text-font': LABEL_FONT,
    'text-size': ['interpolate', ['linear'], ['zoom'], 13, 10, 17, 13],
    'text-max-angle': 30,
    'symbol-spacing': 300,
  },
  paint: {
    'text-color': MAP_COLORS.roadLabel,
    'text-halo-color': MAP_COLORS.halo,
    'text-halo-width': 1.5,
  },
};

/** Town names over the county view, handing over to road names once streets are readable. */
export const townLabelLayer: LayerSpecification = {
  id: LAYER.townLabel,
  type: 'symbol',
  source: SOURCE.fabric,
  'source-layer': FABRIC_SOURCE_LAYER.towns,
  maxzoom: 15,
  layout: {
    'text-field': ['coalesce', ['get', 'name'], ''],
    'text-font': LABEL_FONT_BOLD,
    'text-size': ['interpolate', ['linear'], ['zoom'], 10, 12, 14, 16],
    'text-max-width': 8,
    'text-padding': 4,
  },
  paint: {
    'text-color': MAP_COLORS.townLabel,
    'text-halo-color': MAP_COLORS.halo,
    'text-halo-width': 1.8,
  },
};
