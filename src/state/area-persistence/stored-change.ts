// What a write by another tab of the origin means for the areas this tab holds, read from the
// browser's `storage` event: an area added, changed or removed, a copy set aside or deleted,
// or the whole storage cleared. Unreadable text is copied aside before this tab replaces it.
import { CORRUPT_MARK, areaIdOfKey, isSetAsideKey } from './keys';
import { parseAreaRecord } from './record';
import type { SavedArea } from '../saved-area';
import { setAside, setAsideLabel, type SetAsideCopy } from './set-aside';

/** What another tab (or a load) changed in storage, already checked with the import rules. */
export type StoredAreaChange =
  | { kind: 'upsert'; area: SavedArea }
  | { kind: 'remove'; id: string }
  /** `restore`: the id whose stored text was unreadable; this tab writes its own copy back. */
  | { kind: 'set-aside'; copy: SetAsideCopy; restore?: string }
  | { kind: 'set-aside-gone'; key: string }
  /** Storage was cleared (by another tab): the areas held here are all that is left. */
  | { kind: 'cleared' };

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
