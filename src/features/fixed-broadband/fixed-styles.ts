// How the fixed broadband layer looks. Locations: one circle layer per status, whose filter is
// the rule under the planner's filters (status-expression.ts), so what is drawn in a layer is
// what that status counts. Colours are told apart with the common colour-vision deficiencies
// (blue / orange / dark red differ in lightness as well as hue), and the status is told by
// outline and size too: unserved has a dark ring, "no offers reported" is hollow, locations
// outside the release and non-BSLs are small and grey. Hexagons: the share of BSLs unserved or
// underserved in fixed classes, few-location ones faint with a dashed outline.
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import type { FixedFilters, FixedLocationStatus } from '../../../shared/fixed-status';
import { LAYER, SOURCE } from '../../map/ids';
import { statusFilter } from './status-expression';

/** Locations are drawn from this zoom; hexagons below it. */
export const FIXED_POINT_MIN_ZOOM = 13;
/** The service draws hexagons from this zoom (H3 res 5 at zoom 5-6, 6 at 7-8, 7 at 9-10, 8 at 11-12). */
export const FIXED_HEX_MIN_ZOOM = 5;

export interface StatusStyle {
  fill: string;
  stroke: string;
  /** Radius at zoom 16 (scaled with zoom like the other dots). */
  radius: number;
  strokeWidth: number;
  /** 0 for a hollow symbol. */
  fillOpacity: number;
}

export const STATUS_STYLE: Record<FixedLocationStatus, StatusStyle> = {
  // A wide white ring: without it a served dot vanished on the mobile layer's blue hexagons.
  served: { fill: '#2166ac', stroke: '#ffffff', radius: 4, strokeWidth: 2, fillOpacity: 1 },
  underserved: { fill: '#f1a340', stroke: '#7a4a00', radius: 4, strokeWidth: 1, fillOpacity: 1 },
  unserved: { fill: '#b2182b', stroke: '#2b0006', radius: 4.5, strokeWidth: 2, fillOpacity: 1 },
  nooffers: { fill: '#ffffff', stroke: '#b2182b', radius: 4, strokeWidth: 2.5, fillOpacity: 1 },
  notinrelease: {
    fill: '#c2c7ce',
    stroke: '#5b6676',
    radius: 2.5,
    strokeWidth: 1,
    fillOpacity: 0.6,
  },
  notbsl: { fill: '#8a929c', stroke: '#ffffff', radius: 2, strokeWidth: 0.5, fillOpacity: 1 },
};

/** Drawing order, bottom to top: the statuses a planner hunts for end up on top. */
export const STATUS_LAYERS: readonly { status: FixedLocationStatus; id: string }[] = [
  { status: 'notinrelease', id: LAYER.fixedNotInRelease },
  { status: 'notbsl', id: LAYER.fixedNotBsl },
  { status: 'served', id: LAYER.fixedServed },
  { status: 'underserved', id: LAYER.fixedUnderserved },
  { status: 'nooffers', id: LAYER.fixedNoOffers },
  { status: 'unserved', id: LAYER.fixedUnserved },
];

/** A zoom-scaled size: `atSixteen` at zoom 16, about half at 13, more at 18. */
function byZoom(atSixteen: number): ExpressionSpecification {
  return [
    'interpolate',
    ['linear'],
    ['zoom'],
    13,
    atSixteen * 0.55,
    16,
    atSixteen,
    18,
    atSixteen * 1.6,
  ];
}

/** The location layers for the filters (their filters change with them; paint never does). */
export function fixedPointLayers(
  filters: FixedFilters,
  sourceLayer?: string,
): LayerSpecification[] {
  return STATUS_LAYERS.map(({ status, id }) => {
    const style = STATUS_STYLE[status];
    return {
      id,
      type: 'circle',
      source: SOURCE.fixedLocations,
      ...(sourceLayer ? { 'source-layer': sourceLayer } : {}),
      minzoom: FIXED_POINT_MIN_ZOOM,
      filter: statusFilter(filters, status),
      paint: {
        'circle-radius': byZoom(style.radius),
        'circle-color': style.fill,
        'circle-opacity': style.fillOpacity,
        'circle-stroke-color': style.stroke,
        'circle-stroke-width': byZoom(style.strokeWidth),
      },
    };
  });
}

/** Share classes: the lower bound of each (share = (unserved + underserved) / BSLs). */
export const HEX_CLASSES: readonly { from: number; to: number; color: string }[] = [
  { from: 0, to: 0.1, color: '#2166ac' },
  { from: 0.1, to: 0.25, color: '#92c5de' },
  { from: 0.25, to: 0.5, color: '#fddbc7' },
  { from: 0.5, to: 0.75, color: '#ef8a62' },
  { from: 0.75, to: 1, color: '#b2182b' },
];

/** The class of a share (the same steps the map's expression takes). */
export function hexClassOf(share: number): number {
  let k = 0;
  while (k + 1 < HEX_CLASSES.length && share >= HEX_CLASSES[k + 1]!.from) k++;
  return k;
}

const shareColor = [
  'step',
  ['to-number', ['get', 'share'], 0],
  HEX_CLASSES[0]!.color,
  ...HEX_CLASSES.slice(1).flatMap((c) => [c.from, c.color]),
] as unknown as ExpressionSpecification;

const hasBsls: ExpressionSpecification = ['>', ['to-number', ['get', 'bsls'], 0], 0];
const isFew: ExpressionSpecification = ['==', ['to-number', ['get', 'few'], 0], 1];

export const HEX_OPACITY = { normal: 0.62, few: 0.22 } as const;
export const HEX_FEW_OUTLINE = '#3d4654';

export function fixedHexLayers(sourceLayer?: string): LayerSpecification[] {
  const from = {
    source: SOURCE.fixedHexes,
    ...(sourceLayer ? { 'source-layer': sourceLayer } : {}),
    maxzoom: FIXED_POINT_MIN_ZOOM,
  };
  return [
    {
      id: LAYER.fixedHexFill,
      type: 'fill',
      ...from,
      filter: hasBsls,
      paint: {
        'fill-color': shareColor,
        'fill-opacity': ['case', isFew, HEX_OPACITY.few, HEX_OPACITY.normal],
      },
    },
    {
      id: LAYER.fixedHexLine,
      type: 'line',
      ...from,
      filter: ['all', hasBsls, ['!', isFew]],
      paint: { 'line-color': '#ffffff', 'line-width': 0.5, 'line-opacity': 0.7 },
    },
    {
      // Few BSLs (or none in the release): a dashed outline, so 2 locations never pass for 200.
      id: LAYER.fixedHexFew,
      type: 'line',
      ...from,
      filter: ['any', isFew, ['!', hasBsls]],
      paint: { 'line-color': HEX_FEW_OUTLINE, 'line-width': 1, 'line-dasharray': [2, 2] },
    },
  ];
}

export const fixedHexHoverLayers: LayerSpecification[] = [
  {
    id: LAYER.fixedHexHover,
    type: 'line',
    source: SOURCE.fixedHexHover,
    maxzoom: FIXED_POINT_MIN_ZOOM,
    layout: { 'line-join': 'round' },
    paint: { 'line-color': '#1d232b', 'line-width': 2.5 },
  },
];
