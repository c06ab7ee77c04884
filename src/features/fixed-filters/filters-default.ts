import { DEFAULT_FIXED_FILTERS } from '../../../shared/fixed-status';

/** The filters are the BEAD defaults, every provider's claims. */
export function isDefaultFilters(f: Record<string, unknown>): boolean {
  return f.provider == null && Object.entries(DEFAULT_FIXED_FILTERS).every(([k, v]) => f[k] === v);
}
