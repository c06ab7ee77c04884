// The rule of shared/fixed-status.ts (locationFixedStatus) as a MapLibre expression over a
// location feature's properties, built for one set of filters. The map evaluates it per
// feature, so a filter change is a new expression over the same tiles: no refetch. The
// properties are the service's fixed tile ones (docs/SERVICE.md); any other source of
// locations (GeoJSON assembled from published operations) carries the same names.
import type { ExpressionSpecification } from 'maplibre-gl';
import type { FixedFilters, FixedLocationStatus } from '../../../shared/fixed-status';
import { fixedStatusExpression } from '../../map/fixed-status-expression';

/** Property names of a location feature. */
export const FIXED_PROPERTY = {
  inRelease: 'inrelease',
  bsl: 'bsl',
  offers: 'offers',
  residentialTiers: 'r',
  businessTiers: 'b',
} as const;

/** The status of a location feature under the filters: a FixedLocationStatus string. */
export function statusExpression(filters: FixedFilters): ExpressionSpecification {
  return fixedStatusExpression(filters, FIXED_PROPERTY);
}

/** The filter of the layer drawing one status. */
export function statusFilter(
  filters: FixedFilters,
  status: FixedLocationStatus,
): ExpressionSpecification {
  return ['==', statusExpression(filters), status];
}
