// Saved areas in localStorage (keys in keys.ts): load with the import rules, move the legacy
// one-key list to one key per area, and write with a result, so a failed write is reported
// rather than swallowed.
import { LEGACY_AREAS_KEY, SELECTED_AREA_KEY, areaIdOfKey, areaKey } from './keys';
import { byCreation, type SavedArea } from '../saved-area';
import { areaRecordText, parseAreaRecord, parseAreaValue } from './record';
import { listSetAsideCopies, setAside, type SetAsideCopy } from './set-aside';

/** `offline`: the app server could not be reached; `refused`: it answered no (the notice says why). */
export type SaveProblem = 'full' | 'blocked' | 'offline' | 'refused';
export type SaveResult = { ok: true } | { ok: false; problem: SaveProblem };

/** Quota errors carry different names and codes across browsers. */
export function saveProblemOf(error: unknown): SaveProblem {
  if (!(error instanceof DOMException)) return 'blocked';
  const full =
    error.name === 'QuotaExceededError' ||
    error.name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    error.code === 22 ||
    error.code === 1014;
  return full ? 'full' : 'blocked';
}

export function writeText(storage: Storage | null, key: string, text: string): SaveResult {
  if (!storage) return { ok: false, problem: 'blocked' };
  try {
    storage.setItem(key, text);
    return { ok: true };
  } catch (error) {
    return { ok: false, problem: saveProblemOf(error) };
  }
}

export const writeArea = (storage: Storage | null, area: SavedArea): SaveResult =>
  writeText(storage, areaKey(area.id), areaRecordText(area));

/** The stored text under a key (a set-aside copy, for download), or null. */
export function readStoredText(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function removeKey(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Removing frees space and cannot hit the quota; a blocked storage holds nothing to remove.
  }
}

export interface LoadedAreas {
  areas: SavedArea[];
  selectedAreaId: string | null;
  /** Unreadable entries, copied aside (never deleted) and listed so the planner can keep them. */
  setAside: SetAsideCopy[];
}

/** Moves the legacy one-key list into one key per area; the old key goes only once all is safe. */
function migrateLegacy(storage: Storage, now: number, out: SetAsideCopy[]): void {
  const raw = storage.getItem(LEGACY_AREAS_KEY);
  if (raw === null) return;
  interface LegacyRecord {
    areas?: unknown;
    selectedAreaId?: unknown;
  }
  let record: LegacyRecord | null;
  try {
    const value: unknown = JSON.parse(raw);
    record = typeof value === 'object' && value !== null ? (value as LegacyRecord) : null;
  } catch {
    record = null;
  }
  const list = record?.areas;
  if (!Array.isArray(list)) {
    const from = { key: LEGACY_AREAS_KEY, keptAt: LEGACY_AREAS_KEY };
    const copy = setAside(storage, from, raw, 'It is not a readable list of areas.', now);
    out.push(copy);
    if (copy.copied) storage.removeItem(LEGACY_AREAS_KEY);
    return;
  }
  let safe = true;
  for (const [i, value] of list.entries()) {
    const parsed = parseAreaValue(value);
    if (!parsed.ok) {
      const from = { key: `${LEGACY_AREAS_KEY}[${i}]`, keptAt: LEGACY_AREAS_KEY };
      const copy = setAside(storage, from, JSON.stringify(value), parsed.reason, now);
      out.push(copy);
      safe &&= copy.copied;
    } else if (storage.getItem(areaKey(parsed.area.id)) === null) {
      // An id already stored under its own key is newer than the legacy copy: keep that one.
      safe &&= writeArea(storage, parsed.area).ok;
    }
  }
  if (typeof record?.selectedAreaId === 'string')
    writeText(storage, SELECTED_AREA_KEY, record.selectedAreaId);
  if (safe) storage.removeItem(LEGACY_AREAS_KEY);
}

/** Everything stored, checked with the import rules; bad entries are set aside and reported. */
export function loadStoredAreas(storage: Storage | null, now = Date.now()): LoadedAreas {
  if (!storage) return { areas: [], selectedAreaId: null, setAside: [] };
  const earlier = listSetAsideCopies(storage);
  const fresh: SetAsideCopy[] = [];
  migrateLegacy(storage, now, fresh);
  const areas: SavedArea[] = [];
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) keys.push(storage.key(i) ?? '');
  for (const key of keys) {
    const id = areaIdOfKey(key);
    const text = id === null ? null : storage.getItem(key);
    if (id === null || text === null) continue;
    const parsed = parseAreaRecord(text, id);
    if (parsed.ok) {
      areas.push(parsed.area);
      continue;
    }
    const copy = setAside(storage, { key, keptAt: key }, text, parsed.reason, now);
    fresh.push(copy);
    if (copy.copied) storage.removeItem(key);
  }
  areas.sort(byCreation);
  const selected = storage.getItem(SELECTED_AREA_KEY);
  const selectedAreaId = areas.some((a) => a.id === selected) ? selected : null;
  return { areas, selectedAreaId, setAside: [...earlier, ...fresh] };
}
