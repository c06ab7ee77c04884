// The rule of shared/fixed-status.ts (locationFixedStatus) as MapLibre expressions over a
// location feature's properties, for one set of filters: the best tier the filters count (the
// max of the digits they select in the tier string of the filters' audience) and the status.
// The fixed broadband layer and the compare layer use them, each naming its own properties.
import type { ExpressionSpecification } from 'maplibre-gl';
import { countingRule, tierIndex, type FixedFilters } from '../../shared/fixed-status';

/** Where a feature holds a location's facts. */
export interface FixedPropertyNames {
  inRelease: string;
  bsl: string;
  offers: string;
  residentialTiers: string;
  businessTiers: string;
}

const num = (name: string): ExpressionSpecification => ['to-number', ['get', name], 0];

/** The best tier the filters count (0 when nothing is counted). */
export function bestTierExpression(
  filters: FixedFilters,
  names: FixedPropertyNames,
): ExpressionSpecification | number {
  const rule = countingRule(filters);
  const property = filters.audience === 'business' ? names.businessTiers : names.residentialTiers;
  const tiers: ExpressionSpecification = ['to-string', ['get', property]];
  const digits = rule.codes.map((code): ExpressionSpecification => {
    const i = tierIndex(code, rule.lowLatency);
    return ['to-number', ['slice', tiers, i, i + 1], 0];
  });
  if (digits.length === 0) return 0;
  if (digits.length === 1) return digits[0]!;
  return ['max', digits[0]!, ...digits.slice(1)];
}

/** The location's status under the filters: a FixedLocationStatus string. */
export function fixedStatusExpression(
  filters: FixedFilters,
  names: FixedPropertyNames,
): ExpressionSpecification {
  const { servedTier } = countingRule(filters);
  return [
    'case',
    ['!=', num(names.inRelease), 1],
    'notinrelease',
    ['!=', num(names.bsl), 1],
    'notbsl',
    ['==', num(names.offers), 0],
    'nooffers',
    [
      'let',
      'best',
      bestTierExpression(filters, names),
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
