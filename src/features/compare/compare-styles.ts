// How the compare layer looks: a ring per changed location around its fixed broadband symbol,
// coloured by what changed (shared/fixed-change.ts). Unchanged locations draw nothing. Gains
// are blue-green, losses red-purple, fabric changes dashed-looking greys and black, told apart
// by lightness as well as hue.
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import type { ChangeClass } from '../../../shared/fixed-change';
import type { FixedFilters } from '../../../shared/fixed-status';
import { FIXED_SOURCE_LAYER, LAYER, SOURCE } from '../../map/ids';
import { changeExpression, type Side } from './change-expression';

export const CHANGE_COLOUR: Record<ChangeClass, string> = {
  newly_served: '#1a9850',
  newly_underserved: '#66bd63',
  lost_service: '#d73027',
  improved: '#4575b4',
  worsened: '#f46d43',
  reclassified: '#8073ac',
  new: '#000000',
  retired_equivalent: '#6d6d6d',
  retired: '#b15928',
  unchanged: '#bbbbbb',
};

/**
 * The layer's paint colour, ring opacity and filter for the filters, the order of the sides and
 * the classes hidden. A hidden class is drawn transparent rather than filtered out, so the
 * legend (which counts what the map has drawn) still counts it.
 */
export function changePaint(
  filters: FixedFilters,
  earlier: Side,
  hidden: readonly ChangeClass[] = [],
) {
  const cls = changeExpression(filters, earlier);
  const colour: ExpressionSpecification = [
    'match',
    cls,
    ...Object.entries(CHANGE_COLOUR).flatMap(([k, v]) => [k, v]),
    '#bbbbbb',
  ] as unknown as ExpressionSpecification;
  const opacity: ExpressionSpecification | number =
    hidden.length === 0 ? 1 : ['match', cls, [...hidden], 0, 1];
  const filter: ExpressionSpecification = ['!=', cls, 'unchanged'];
  return { colour, opacity, filter };
}

export function changeLayer(
  filters: FixedFilters,
  earlier: Side,
  hidden: readonly ChangeClass[] = [],
): LayerSpecification {
  const { colour, opacity, filter } = changePaint(filters, earlier, hidden);
  return {
    id: LAYER.fixedChange,
    type: 'circle',
    source: SOURCE.fixedChange,
    'source-layer': FIXED_SOURCE_LAYER.change,
    filter,
    paint: {
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 13, 4, 16, 8, 18, 12],
      'circle-opacity': 0,
      'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 13, 1.5, 16, 2.5],
      'circle-stroke-color': colour,
      'circle-stroke-opacity': opacity,
    },
  };
}
