// The shareable part of the UI state lives in the query string: `?loc=&v=&cv=&hex=` and the
// fixed broadband filters `&aud=&spd=&tech=&ll=` and the provider `&prov=` when one is chosen (always written, so a link shows its sender's
// filters whatever the recipient last chose; a link without them opens under the defaults), and the release compared with `&wcv=&wv=`. In
// Draw mode, the selected area (`&area=`, state/area-link.ts, with its name in `&an=`) and the
// area panel's tab (`&tab=`); an area whose code would make the link longer than
// MAX_LINK_LENGTH is left out (the share action offers a view file instead). Restored once on
// load, then rewritten with replaceState (a click is not a history entry). A view file dropped
// on the map is applied the same way (state/view-request.ts).
// The map view is in the hash (`#map=zoom/lat/lng`), which MapLibre keeps itself.
import type { StoreApi } from 'zustand';
import { DEFAULT_FIXED_FILTERS, type FixedFilters } from '../../shared/fixed-status';
import { areaParam, MAX_LINK_LENGTH, parseAreaParam } from '../state/area-link';
import { fixedFiltersOrDefaults } from '../state/fixed-filters-storage';
import type { AreaTab } from '../state/slices/area-tab';
import type { CompareWith } from '../state/slices/compare';
import type { AppState } from '../state/store';
import { onViewRequest } from '../state/view-request';
import { restoreLinkedArea } from './area-from-link';

export interface UrlState {
  locationId: number | null;
  fabricVintage: string | null;
  coverageVintage: string | null;
  hex: string | null;
  /** null when the URL names no filter (the stored or default ones then apply). */
  fixedFilters: FixedFilters | null;
  /** The release compared with (`wcv` and `wv`, both or neither). */
  compareWith: CompareWith | null;
  /** `area=` as written (read by state/area-link.ts when applied, so a bad one is noticed). */
  area: string | null;
  /** The area's name (`an=`), at most MAX_AREA_NAME characters. */
  areaName: string | null;
  areaTab: AreaTab | null;
}

const MAX_AREA_NAME = 80;
const TABS: readonly AreaTab[] = ['report', 'custom'];

/** URL key of each filter parameter of shared/fixed-status.ts. */
const FILTER_KEYS = {
  aud: 'audience',
  spd: 'speed',
  tech: 'tech',
  ll: 'lowlatency',
  prov: 'provider',
} as const;

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
  const tab = params.get('tab');
  const name = params.get('an')?.trim().slice(0, MAX_AREA_NAME);
  return {
    locationId: loc && LOCATION_ID.test(loc) ? Number(loc) : null,
    fabricVintage: v && VINTAGE.test(v) ? v : null,
    coverageVintage: cv && VINTAGE.test(cv) ? cv : null,
    hex: hex && H3_CELL.test(hex) ? hex.toLowerCase() : null,
    fixedFilters: parseFilterParams(params),
    compareWith:
      wcv && wv && VINTAGE.test(wcv) && VINTAGE.test(wv) ? { coverage: wcv, fabric: wv } : null,
    area: params.get('area'),
    areaName: name || null,
    areaTab: TABS.includes(tab as AreaTab) ? (tab as AreaTab) : null,
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
  const drawing = state.mode === 'draw';
  const area = drawing ? state.areas.find((a) => a.id === state.selectedAreaId) : undefined;
  return {
    locationId: selection.kind === 'location' ? selection.locationId : null,
    fabricVintage: state.fabricVintage,
    coverageVintage: state.coverageVintage,
    hex: selection.kind === 'hex' ? selection.h3 : null,
    fixedFilters: state.fixedFilters,
    compareWith: state.compareWith,
    area: area ? areaParam(area) : null,
    areaName: area ? area.name.slice(0, MAX_AREA_NAME) : null,
    areaTab: drawing ? state.areaTab : null,
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
  set('prov', f?.provider == null ? null : String(f.provider));
  set('wcv', state.compareWith?.coverage ?? null);
  set('wv', state.compareWith?.fabric ?? null);
  set('area', state.area);
  set('an', state.area === null ? null : state.areaName);
  set('tab', state.areaTab);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function applyUrlState(store: StoreApi<AppState>, url: UrlState): void {
  const s = store.getState();
  if (url.fabricVintage) s.setFabricVintage(url.fabricVintage);
  if (url.coverageVintage) s.setCoverageVintage(url.coverageVintage);
  // A link's filters win over the ones kept from the last visit (and are kept in their place).
  // Every link this app writes names them; one that names an area, a location or a hexagon
  // without them (cut short, or from before filters) opens under the defaults, never under
  // whatever the recipient last chose, so everyone who opens it sees the same figures.
  const names = url.area !== null || url.locationId !== null || url.hex !== null;
  const filters = url.fixedFilters ?? (names ? DEFAULT_FIXED_FILTERS : null);
  if (filters) s.setFixedFilters(filters);
  if (url.compareWith) s.setCompareWith(url.compareWith);
  if (url.areaTab) {
    s.setMode('draw');
    s.setAreaTab(url.areaTab);
  }
  if (url.area !== null) void restoreLinkedArea(store, parseAreaParam(url.area), url.areaName);
  // A link names one thing; if it names both, the location wins (the main workflow).
  if (url.locationId !== null) s.selectLocation(url.locationId);
  else if (url.hex) s.selectHex(url.hex);
}

/** Restores from the current URL, then mirrors the store into it. Returns an unsubscribe. */
export function installUrlSync(store: StoreApi<AppState>, win: Window = window): () => void {
  applyUrlState(store, parseUrlState(win.location.search));
  const offViews = onViewRequest((search) => applyUrlState(store, parseUrlState(search)));
  let last = win.location.search;
  const offStore = store.subscribe((state) => {
    const { origin, pathname, hash } = win.location;
    const url = urlStateFromStore(state);
    let search = writeUrlState(url, win.location.search);
    // Too long to share as a link: the area stays out (Copy link offers a view file instead).
    if (origin.length + pathname.length + search.length + hash.length > MAX_LINK_LENGTH)
      search = writeUrlState({ ...url, area: null }, win.location.search);
    if (search === last) return;
    last = search;
    win.history.replaceState(win.history.state, '', `${pathname}${search}${hash}`);
  });
  return () => {
    offViews();
    offStore();
  };
}
