// The rule of shared/fixed-status.ts (locationFixedStatus) as a MapLibre expression over a
// location feature's properties, built for one set of filters. The map evaluates it per
// feature, so a filter change is a new expression over the same tiles: no refetch. The
// properties are the service's fixed tile ones (docs/SERVICE.md); any other source of
// locations (GeoJSON assembled from published operations) carries the same names.
import type { ExpressionSpecification } from 'maplibre-gl';
import {
  countingRule,
  type FixedFilters,
  type FixedLocationStatus,
} from '../../../shared/fixed-status';
import { bestTierExpression } from '../../map/best-tier-expression';

/** Property names of a location feature. */
export const FIXED_PROPERTY = {
  inRelease: 'inrelease',
  bsl: 'bsl',
  offers: 'offers',
  residentialTiers: 'r',
  businessTiers: 'b',
} as const;

const num = (name: string): ExpressionSpecification => ['to-number', ['get', name], 0];

/** The best tier the filters count, from the tier string of the filters' audience. */
const bestTier = (filters: FixedFilters) =>
  bestTierExpression(
    filters,
    filters.audience === 'business'
      ? FIXED_PROPERTY.businessTiers
      : FIXED_PROPERTY.residentialTiers,
  );

/** The status of a location feature under the filters: a FixedLocationStatus string. */
export function statusExpression(filters: FixedFilters): ExpressionSpecification {
  const { servedTier } = countingRule(filters);
  return [
    'case',
    ['!=', num(FIXED_PROPERTY.inRelease), 1],
    'notinrelease',
    ['!=', num(FIXED_PROPERTY.bsl), 1],
    'notbsl',
    ['==', num(FIXED_PROPERTY.offers), 0],
    'nooffers',
    [
      'let',
      'best',
      bestTier(filters),
      [
        'case',
        ['>=', ['var', 'best'], servedTier],
        'served',
        ['>=', ['var', 'best'], 1],
        'underserved',
        'unserved',
      ],
    ],
  ];
}

/** The filter of the layer drawing one status. */
export function statusFilter(
  filters: FixedFilters,
  status: FixedLocationStatus,
): ExpressionSpecification {
  return ['==', statusExpression(filters), status];
}
