// How the net-change hexagons look (compare mode below street zoom): a diverging palette, blue
// for more served and orange for fewer, pale grey for no net change. Blue against orange stays
// apart under the common colour-vision deficiencies, and the two sides' strong and light
// shades differ in lightness too. Cells with few BSLs are faint with a dashed outline, as the
// fixed broadband hexagons.
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { LARGE_SHARE, type NetClass } from '../../../shared/fixed-change-hex';
import { FIXED_SOURCE_LAYER, LAYER, SOURCE } from '../../map/ids';

export const CHANGE_HEX_MAX_ZOOM = 13;

export const NET_COLOUR: Record<NetClass, string> = {
  loss_large: '#b35806',
  loss: '#fdb863',
  none: '#e4e4e4',
  gain: '#92c5de',
  gain_large: '#2166ac',
};

const num = (name: string): ExpressionSpecification => ['to-number', ['get', name], 0];

/** netClassOf of shared/fixed-change-hex.ts over a cell's properties. */
export const netClassExpression: ExpressionSpecification = [
  'case',
  ['==', num('net_served'), 0],
  'none',
  ['>', num('net_served'), 0],
  ['case', ['>=', num('net_share'), LARGE_SHARE], 'gain_large', 'gain'],
  ['case', ['<=', num('net_share'), -LARGE_SHARE], 'loss_large', 'loss'],
];

const colour = [
  'match',
  netClassExpression,
  ...Object.entries(NET_COLOUR).flat(),
  NET_COLOUR.none,
] as unknown as ExpressionSpecification;

const isFew: ExpressionSpecification = ['==', num('few'), 1];

export const CHANGE_HEX_OPACITY = { normal: 0.7, few: 0.25 } as const;

export const changeHexLayers: LayerSpecification[] = [
  {
    id: LAYER.fixedChangeHexFill,
    type: 'fill',
    source: SOURCE.fixedChangeHex,
    'source-layer': FIXED_SOURCE_LAYER.changeHexes,
    maxzoom: CHANGE_HEX_MAX_ZOOM,
    paint: {
      'fill-color': colour,
      'fill-opacity': ['case', isFew, CHANGE_HEX_OPACITY.few, CHANGE_HEX_OPACITY.normal],
    },
  },
  {
    id: LAYER.fixedChangeHexLine,
    type: 'line',
    source: SOURCE.fixedChangeHex,
    'source-layer': FIXED_SOURCE_LAYER.changeHexes,
    maxzoom: CHANGE_HEX_MAX_ZOOM,
    filter: ['!', isFew],
    paint: { 'line-color': '#ffffff', 'line-width': 0.5, 'line-opacity': 0.8 },
  },
  {
    // So a cell of 3 locations that gained 1 never passes for a town that gained a third.
    id: LAYER.fixedChangeHexFew,
    type: 'line',
    source: SOURCE.fixedChangeHex,
    'source-layer': FIXED_SOURCE_LAYER.changeHexes,
    maxzoom: CHANGE_HEX_MAX_ZOOM,
    filter: isFew,
    paint: { 'line-color': '#3d4654', 'line-width': 1, 'line-dasharray': [2, 2] },
  },
];

export const changeHexHoverLayers: LayerSpecification[] = [
  {
    id: LAYER.fixedChangeHexHover,
    type: 'line',
    source: SOURCE.fixedChangeHexHover,
    maxzoom: CHANGE_HEX_MAX_ZOOM,
    layout: { 'line-join': 'round' },
    paint: { 'line-color': '#1d232b', 'line-width': 2.5 },
  },
];
