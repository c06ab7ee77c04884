// The change class of one compare tile feature in JS (the legend's counts), by the shared
// rule; the map's expression (change-expression.ts) is tested equal to it.
import {
  changeClass,
  changeSide,
  type ChangeClass,
  type ChangeSide,
} from '../../../shared/fixed-change';
import type { FixedFilters } from '../../../shared/fixed-status';
import type { Side } from './change-expression';

function sideOf(p: Record<string, unknown>, side: Side, filters: FixedFilters): ChangeSide | null {
  if (Number(p[`present_${side}`]) !== 1) return null;
  const tiers = String(p[`${filters.audience === 'business' ? 'b' : 'r'}_${side}`] ?? '');
  return changeSide(
    {
      inRelease: Number(p[`inrelease_${side}`]) === 1,
      bsl: Number(p[`bsl_${side}`]) === 1,
      offers: Number(p[`offers_${side}`]) || 0,
      tiers,
    },
    filters,
  );
}

export function changeOfFeature(
  p: Record<string, unknown>,
  filters: FixedFilters,
  earlier: Side,
): ChangeClass {
  const later: Side = earlier === 'a' ? 'b' : 'a';
  return changeClass(
    sideOf(p, earlier, filters),
    sideOf(p, later, filters),
    p.re_location_id !== undefined,
  );
}
