// Keeps every open tab's areas in step through the browser's `storage` event (fired in the
// other tabs of the origin on each write): an area added in one tab appears in the others, a
// deletion removes it there, and the last write of an area wins. Also asks before a reload or
// close would drop areas that could not be saved.
import type { StoreApi } from 'zustand';
import { CORRUPT_MARK, areaIdOfKey, isSetAsideKey } from './area-keys';
import { parseAreaRecord } from './area-record';
import type { StoredAreaChange } from './area-saving';
import type { SavedArea } from './slices/areas';
import { setAside, setAsideLabel } from './area-set-aside';
import { browserStorage } from './area-storage';
import type { AppState } from './store';

/** What a storage event means for the areas, or null when it is about something else. */
export function storedChangeOf(
  event: Pick<StorageEvent, 'key' | 'newValue' | 'storageArea'>,
  storage: Storage | null,
  held: readonly SavedArea[] = [],
  now = Date.now(),
): StoredAreaChange | null {
  if (!storage || event.storageArea !== storage) return null;
  const { key, newValue } = event;
  if (key === null) return { kind: 'cleared' };
  if (isSetAsideKey(key)) {
    if (newValue === null) return { kind: 'set-aside-gone', key };
    const original = key.slice(0, key.indexOf(CORRUPT_MARK));
    const label = setAsideLabel(original, newValue);
    return {
      kind: 'set-aside',
      copy: { key, label, reason: 'Set aside in another tab.', copied: true },
    };
  }
  const id = areaIdOfKey(key);
  if (id === null) return null;
  if (newValue === null) return { kind: 'remove', id };
  const parsed = parseAreaRecord(
    newValue,
    id,
    held.find((a) => a.id === id),
  );
  if (parsed.ok) return { kind: 'upsert', area: parsed.area };
  // Something unreadable was written; unless another tab already moved it, copy it aside
  // before this tab's own version of the area replaces it.
  if (storage.getItem(key) !== newValue) return null;
  const copy = setAside(storage, { key, keptAt: key }, newValue, parsed.reason, now);
  if (!copy.copied) return { kind: 'set-aside', copy };
  storage.removeItem(key);
  return { kind: 'set-aside', copy, restore: id };
}

/** Starts listening; returns the function that stops. */
export function installAreaStorageSync(store: StoreApi<AppState>, target: Window = window) {
  const onStorage = (event: StorageEvent) => {
    const change = storedChangeOf(event, browserStorage(), store.getState().areas);
    if (change) store.getState().applyStoredChange(change);
  };
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (Object.keys(store.getState().unsavedAreas).length === 0) return;
    // The browser shows its own "leave site?" prompt; the text is not shown by any browser.
    event.preventDefault();
    event.returnValue = '';
  };
  target.addEventListener('storage', onStorage);
  target.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    target.removeEventListener('storage', onStorage);
    target.removeEventListener('beforeunload', onBeforeUnload);
  };
}
