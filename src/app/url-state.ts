// The shareable part of the UI state lives in the query string: `?loc=&v=&cv=&hex=` and the
// fixed broadband filters `&aud=&spd=&tech=&ll=` (always written, so a link shows its sender's
// filters whatever the recipient last chose), and the release compared with `&wcv=&wv=`. Restored once on load, then rewritten with
// replaceState (a click is not a history entry).
// The map view is in the hash (`#map=zoom/lat/lng`), which MapLibre keeps itself.
import type { StoreApi } from 'zustand';
import type { FixedFilters } from '../../shared/fixed-status';
import { fixedFiltersOrDefaults } from '../state/fixed-filters-storage';
import type { CompareWith } from '../state/slices/compare';
import type { AppState } from '../state/store';

export interface UrlState {
  locationId: number | null;
  fabricVintage: string | null;
  coverageVintage: string | null;
  hex: string | null;
  /** null when the URL names no filter (the stored or default ones then apply). */
  fixedFilters: FixedFilters | null;
  /** The release compared with (`wcv` and `wv`, both or neither). */
  compareWith: CompareWith | null;
}

/** URL key of each filter parameter of shared/fixed-status.ts. */
const FILTER_KEYS = { aud: 'audience', spd: 'speed', tech: 'tech', ll: 'lowlatency' } as const;

const VINTAGE = /^\d{6}$/;
const H3_CELL = /^[0-9a-f]{15}$/i;
const LOCATION_ID = /^\d{1,15}$/;

/** Reads the URL leniently: a malformed value is dropped, never an error. */
export function parseUrlState(search: string): UrlState {
  const params = new URLSearchParams(search);
  const loc = params.get('loc');
  const v = params.get('v');
  const cv = params.get('cv');
  const hex = params.get('hex');
  const wcv = params.get('wcv');
  const wv = params.get('wv');
  return {
    locationId: loc && LOCATION_ID.test(loc) ? Number(loc) : null,
    fabricVintage: v && VINTAGE.test(v) ? v : null,
    coverageVintage: cv && VINTAGE.test(cv) ? cv : null,
    hex: hex && H3_CELL.test(hex) ? hex.toLowerCase() : null,
    fixedFilters: parseFilterParams(params),
    compareWith:
      wcv && wv && VINTAGE.test(wcv) && VINTAGE.test(wv) ? { coverage: wcv, fabric: wv } : null,
  };
}

/** The filters a URL names; a bad value takes its default (the others are kept). */
function parseFilterParams(params: URLSearchParams): FixedFilters | null {
  const record: Record<string, string> = {};
  for (const [key, parameter] of Object.entries(FILTER_KEYS)) {
    const value = params.get(key);
    if (value !== null) record[parameter] = value;
  }
  return Object.keys(record).length === 0 ? null : fixedFiltersOrDefaults(record);
}

export function urlStateFromStore(state: AppState): UrlState {
  const { selection } = state;
  return {
    locationId: selection.kind === 'location' ? selection.locationId : null,
    fabricVintage: state.fabricVintage,
    coverageVintage: state.coverageVintage,
    hex: selection.kind === 'hex' ? selection.h3 : null,
    fixedFilters: state.fixedFilters,
    compareWith: state.compareWith,
  };
}

/** New query string for `state`, keeping any parameters this app does not own. */
export function writeUrlState(state: UrlState, currentSearch: string): string {
  const params = new URLSearchParams(currentSearch);
  const set = (key: string, value: string | null) => {
    if (value === null) params.delete(key);
    else params.set(key, value);
  };
  set('loc', state.locationId === null ? null : String(state.locationId));
  set('v', state.fabricVintage);
  set('cv', state.coverageVintage);
  set('hex', state.hex);
  const f = state.fixedFilters;
  set('aud', f ? f.audience : null);
  set('spd', f ? f.speed : null);
  set('tech', f ? f.tech : null);
  set('ll', f ? (f.lowLatency ? '1' : '0') : null);
  set('wcv', state.compareWith?.coverage ?? null);
  set('wv', state.compareWith?.fabric ?? null);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function applyUrlState(store: StoreApi<AppState>, url: UrlState): void {
  const s = store.getState();
  if (url.fabricVintage) s.setFabricVintage(url.fabricVintage);
  if (url.coverageVintage) s.setCoverageVintage(url.coverageVintage);
  // A link's filters win over the ones kept from the last visit (and are kept in their place).
  if (url.fixedFilters) s.setFixedFilters(url.fixedFilters);
  if (url.compareWith) s.setCompareWith(url.compareWith);
  // A link names one thing; if it names both, the location wins (the main workflow).
  if (url.locationId !== null) s.selectLocation(url.locationId);
  else if (url.hex) s.selectHex(url.hex);
}

/** Restores from the current URL, then mirrors the store into it. Returns an unsubscribe. */
export function installUrlSync(store: StoreApi<AppState>, win: Window = window): () => void {
  applyUrlState(store, parseUrlState(win.location.search));
  let last = win.location.search;
  return store.subscribe((state) => {
    const search = writeUrlState(urlStateFromStore(state), win.location.search);
    if (search === last) return;
    last = search;
    const { pathname, hash } = win.location;
    win.history.replaceState(win.history.state, '', `${pathname}${search}${hash}`);
  });
}
