// Map styling of the mobile coverage cells. One source; every cell carries its class in the
// `cls` property and the layers colour by it, so a filter change is a single setData.
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { LAYER, SOURCE } from '../../map/ids';
import { MOBILE_CLASSES, type MobileClass } from './mobile-classify';

/** A cell whose block has not answered yet. */
export const LOADING_CLASS = 'loading';
export type CellClass = MobileClass | typeof LOADING_CLASS;

/** Best service darkest; "no coverage" a neutral grey that still reads as data. */
export const MOBILE_CLASS_COLOR: Record<MobileClass, string> = {
  '5g-35': '#4a1486',
  '5g-7': '#2171b5',
  '4g': '#31a354',
  '3g': '#f0a830',
  none: '#9aa3ad',
};

const fillColor = [
  'match',
  ['get', 'cls'],
  ...MOBILE_CLASSES.flatMap((cls) => [cls, MOBILE_CLASS_COLOR[cls]]),
  'rgba(0,0,0,0)',
] as unknown as ExpressionSpecification;

const isLoaded: ExpressionSpecification = ['!=', ['get', 'cls'], LOADING_CLASS];

export const mobileCellLayers: LayerSpecification[] = [
  {
    id: LAYER.mobileFill,
    type: 'fill',
    source: SOURCE.mobileCells,
    filter: isLoaded,
    paint: {
      'fill-color': fillColor,
      // "No coverage" is lighter so the served cells stand out, but never blank like loading.
      'fill-opacity': ['match', ['get', 'cls'], 'none', 0.3, 0.55],
    },
  },
  {
    id: LAYER.mobileOutline,
    type: 'line',
    source: SOURCE.mobileCells,
    filter: isLoaded,
    paint: {
      'line-color': fillColor,
      'line-width': ['interpolate', ['linear'], ['zoom'], 13, 0.4, 16, 1.2],
      'line-opacity': 0.9,
    },
  },
  {
    // Not loaded yet: an empty, dashed outline, so it never passes for "no coverage".
    id: LAYER.mobileLoading,
    type: 'line',
    source: SOURCE.mobileCells,
    filter: ['!', isLoaded],
    paint: { 'line-color': '#5b6775', 'line-width': 0.6, 'line-dasharray': [2, 2] },
  },
];

export const hexSelectionLayers: LayerSpecification[] = [
  {
    id: LAYER.hexSelected,
    type: 'line',
    source: SOURCE.hexSelection,
    layout: { 'line-join': 'round' },
    paint: { 'line-color': '#c2185b', 'line-width': 3 },
  },
];
