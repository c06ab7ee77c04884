// The shareable part of the UI state lives in the query string: `?loc=&v=&cv=&hex=`.
// Restored once on load, then rewritten with replaceState (a click is not a history entry).
// The map view is in the hash (`#map=zoom/lat/lng`), which MapLibre keeps itself.
import type { StoreApi } from 'zustand';
import type { AppState } from '../state/store';

export interface UrlState {
  locationId: number | null;
  fabricVintage: string | null;
  coverageVintage: string | null;
  hex: string | null;
}

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
  return {
    locationId: loc && LOCATION_ID.test(loc) ? Number(loc) : null,
    fabricVintage: v && VINTAGE.test(v) ? v : null,
    coverageVintage: cv && VINTAGE.test(cv) ? cv : null,
    hex: hex && H3_CELL.test(hex) ? hex.toLowerCase() : null,
  };
}

export function urlStateFromStore(state: AppState): UrlState {
  const { selection } = state;
  return {
    locationId: selection.kind === 'location' ? selection.locationId : null,
    fabricVintage: state.fabricVintage,
    coverageVintage: state.coverageVintage,
    hex: selection.kind === 'hex' ? selection.h3 : null,
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
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function applyUrlState(store: StoreApi<AppState>, url: UrlState): void {
  const s = store.getState();
  if (url.fabricVintage) s.setFabricVintage(url.fabricVintage);
  if (url.coverageVintage) s.setCoverageVintage(url.coverageVintage);
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
