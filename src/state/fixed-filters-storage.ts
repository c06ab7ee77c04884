// The fixed-broadband filters kept across reloads (localStorage, one key), and the lenient
// reading both that copy and the URL use: a value outside the allowed ones falls back to its
// default, the other filters keep theirs, and nothing throws.
import {
  DEFAULT_FIXED_FILTERS,
  fixedFiltersRecord,
  parseFixedFilters,
  type FixedFilters,
} from '../../shared/fixed-status';
import { browserStorage } from './browser-storage';

export const FIXED_FILTERS_KEY = 'coverage-explorer:fixed-filters';

type FilterRecord = Readonly<Record<string, string | undefined>>;

/** The filters a record names (parseFixedFilters' parameter names), defaults for bad values. */
export function fixedFiltersOrDefaults(record: FilterRecord): FixedFilters {
  const parsed = parseFixedFilters(record);
  if (parsed.ok) return parsed.filters;
  const bad = new Set<string>(parsed.errors.map((e) => e.parameter));
  const kept = Object.fromEntries(Object.entries(record).filter(([name]) => !bad.has(name)));
  const again = parseFixedFilters(kept);
  return again.ok ? again.filters : { ...DEFAULT_FIXED_FILTERS };
}

/** The stored filters, or the defaults when none are stored or the copy is unreadable. */
export function loadFixedFilters(storage: Storage | null = browserStorage()): FixedFilters {
  let text: string | null = null;
  try {
    text = storage?.getItem(FIXED_FILTERS_KEY) ?? null;
  } catch {
    text = null;
  }
  if (text === null) return { ...DEFAULT_FIXED_FILTERS };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return { ...DEFAULT_FIXED_FILTERS };
    const strings = Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    return fixedFiltersOrDefaults(strings);
  } catch {
    return { ...DEFAULT_FIXED_FILTERS };
  }
}

/** Writes the filters; a refused write (private mode, full) only loses them at the next load. */
export function saveFixedFilters(
  filters: FixedFilters,
  storage: Storage | null = browserStorage(),
): void {
  try {
    storage?.setItem(FIXED_FILTERS_KEY, JSON.stringify(fixedFiltersRecord(filters)));
  } catch {
    // Nothing to do: the filters still apply to this page and stay in its URL.
  }
}
