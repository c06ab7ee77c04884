// The best tier the filters count at a location (shared/fixed-status.ts countedTier over its
// offers) as a MapLibre expression: the max of the digits the filters select in the feature's
// tier string. The fixed broadband layer and the compare layer read it from their own property.
import type { ExpressionSpecification } from 'maplibre-gl';
import { countingRule, tierIndex, type FixedFilters } from '../../shared/fixed-status';

/** `property`: the feature's tier string of the filters' audience. */
export function bestTierExpression(
  filters: FixedFilters,
  property: string,
): ExpressionSpecification | number {
  const rule = countingRule(filters);
  const tiers: ExpressionSpecification = ['to-string', ['get', property]];
  const digits = rule.codes.map((code): ExpressionSpecification => {
    const i = tierIndex(code, rule.lowLatency);
    return ['to-number', ['slice', tiers, i, i + 1], 0];
  });
  if (digits.length === 0) return 0;
  if (digits.length === 1) return digits[0]!;
  return ['max', digits[0]!, ...digits.slice(1)];
}
