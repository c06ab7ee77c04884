// The change class of shared/fixed-change.ts as a MapLibre expression over a compare tile's
// feature (layer fixed_change: each side's facts under suffix _a or _b), for one set of
// filters and one order of the two sides. A filter change is a new expression: no refetch.
import type { ExpressionSpecification } from 'maplibre-gl';
import type { ChangeClass } from '../../../shared/fixed-change';
import type { Side } from '../../../shared/fixed-change-hex';
import type { FixedFilters } from '../../../shared/fixed-status';
import { bestTierExpression, fixedStatusExpression } from '../../map/fixed-status-expression';

export type { Side };

const num = (name: string): ExpressionSpecification => ['to-number', ['get', name], 0];

/** Where one side's facts are: the fixed tile's names with the side's suffix. */
const sideNames = (side: Side) => ({
  inRelease: `inrelease_${side}`,
  bsl: `bsl_${side}`,
  offers: `offers_${side}`,
  residentialTiers: `r_${side}`,
  businessTiers: `b_${side}`,
});

/** The best tier the filters count on one side (0 when nothing is counted). */
const bestTier = (filters: FixedFilters, side: Side) =>
  bestTierExpression(filters, sideNames(side));

/** One side's status (locationFixedStatus), or 'absent' when not in that fabric release. */
export function sideStatusExpression(filters: FixedFilters, side: Side): ExpressionSpecification {
  return [
    'case',
    ['!=', num(`present_${side}`), 1],
    'absent',
    fixedStatusExpression(filters, sideNames(side)),
  ];
}

/** As changeSide: no offers reported counts as tier 0 whatever the strings say. */
const sideBest = (filters: FixedFilters, side: Side): ExpressionSpecification => [
  'case',
  ['==', num(`offers_${side}`), 0],
  0,
  bestTier(filters, side),
];

const rank = (status: ExpressionSpecification): ExpressionSpecification => [
  'match',
  status,
  'served',
  3,
  'underserved',
  2,
  ['unserved', 'nooffers'],
  1,
  0,
];

/** changeClass(before, after, equivalent) of shared/fixed-change.ts, `earlier` being before. */
export function changeExpression(filters: FixedFilters, earlier: Side): ExpressionSpecification {
  const later: Side = earlier === 'a' ? 'b' : 'a';
  const s0: ExpressionSpecification = ['var', 's0'];
  const s1: ExpressionSpecification = ['var', 's1'];
  const r0: ExpressionSpecification = ['var', 'r0'];
  const r1: ExpressionSpecification = ['var', 'r1'];
  const cls = (c: ChangeClass) => c;
  return [
    'let',
    's0',
    sideStatusExpression(filters, earlier),
    's1',
    sideStatusExpression(filters, later),
    [
      'let',
      'r0',
      rank(s0),
      'r1',
      rank(s1),
      [
        'case',
        ['all', ['==', s0, 'absent'], ['==', s1, 'absent']],
        cls('unchanged'),
        ['==', s0, 'absent'],
        cls('new'),
        ['==', s1, 'absent'],
        ['case', ['has', 're_location_id'], cls('retired_equivalent'), cls('retired')],
        ['any', ['==', r0, 0], ['==', r1, 0]],
        ['case', ['==', s0, s1], cls('unchanged'), cls('reclassified')],
        ['>', r1, r0],
        ['case', ['==', r1, 3], cls('newly_served'), cls('newly_underserved')],
        ['<', r1, r0],
        cls('lost_service'),
        ['>', sideBest(filters, later), sideBest(filters, earlier)],
        cls('improved'),
        ['<', sideBest(filters, later), sideBest(filters, earlier)],
        cls('worsened'),
        cls('unchanged'),
      ],
    ],
  ];
}
