// Unreadable saved areas are never deleted: their exact text is copied to another key first,
// listed for the planner (download it, or delete the copy once it is safe elsewhere), and kept
// across reloads until then.
import { CORRUPT_MARK, LEGACY_AREAS_KEY, isSetAsideKey } from './keys';

export interface SetAsideCopy {
  /** Where the text is kept now: the copy, or the original key when storage was too full to copy. */
  key: string;
  /** What it was, in words: "Area “Ward 3”", "The saved-area list". */
  label: string;
  /** Why it was set aside, or when (for copies made in an earlier visit). */
  reason: string;
  copied: boolean;
}

/** "The saved-area list", or the area's own name when the text still names one. */
export function setAsideLabel(originalKey: string, text: string): string {
  if (originalKey === LEGACY_AREAS_KEY) return 'The saved-area list';
  try {
    const value: unknown = JSON.parse(text);
    const name = (value as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && name.trim() !== '') return `Area “${name.trim()}”`;
  } catch {
    // Not JSON: the generic label below.
  }
  return 'A saved area';
}

/** A key no other copy holds yet: `<key>.corrupt-<time>`, with a counter on a clash. */
function freeCopyKey(storage: Storage, originalKey: string, now: number): string {
  const base = `${originalKey}${CORRUPT_MARK}${now}`;
  let key = base;
  for (let n = 2; storage.getItem(key) !== null; n++) key = `${base}-${n}`;
  return key;
}

/**
 * Copies `text` aside. `keptAt` is where the text stays when the copy fails (storage full):
 * the caller must then leave that key as it is.
 */
export function setAside(
  storage: Storage,
  from: { key: string; keptAt: string },
  text: string,
  reason: string,
  now: number,
): SetAsideCopy {
  const label = setAsideLabel(from.key, text);
  const copyKey = freeCopyKey(storage, from.key, now);
  try {
    storage.setItem(copyKey, text);
    return { key: copyKey, label, reason, copied: true };
  } catch {
    return { key: from.keptAt, label, reason, copied: false };
  }
}

/** The time a copy's key records, as words for the list. */
function setAsideWhen(key: string): string {
  const time = Number(/\.corrupt-(\d+)/.exec(key)?.[1]);
  return Number.isFinite(time) && time > 0
    ? `Set aside on ${new Date(time).toLocaleString()}.`
    : 'Set aside in an earlier visit.';
}

/** Copies made in earlier visits, still waiting for the planner. */
export function listSetAsideCopies(storage: Storage): SetAsideCopy[] {
  const copies: SetAsideCopy[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key === null || !isSetAsideKey(key)) continue;
    const original = key.slice(0, key.indexOf(CORRUPT_MARK));
    const text = storage.getItem(key) ?? '';
    copies.push({
      key,
      label: setAsideLabel(original, text),
      reason: setAsideWhen(key),
      copied: true,
    });
  }
  return copies.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
