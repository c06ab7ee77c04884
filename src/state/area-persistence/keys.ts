// Where saved areas live in localStorage. One key per area, so a write touches only its own
// area; unreadable text is copied to `<key>.corrupt-<time>` before anything replaces it.
export const AREA_KEY_PREFIX = 'coverage-explorer:area:';
export const SELECTED_AREA_KEY = 'coverage-explorer:selected-area';
/** The whole list in one key, as earlier builds kept it; moved to one key per area on load. */
export const LEGACY_AREAS_KEY = 'coverage-explorer:areas:v1';
export const CORRUPT_MARK = '.corrupt-';

export const areaKey = (id: string) => `${AREA_KEY_PREFIX}${id}`;

/** The id an area key names, or null for any other key (set-aside copies included). */
export function areaIdOfKey(key: string): string | null {
  if (!key.startsWith(AREA_KEY_PREFIX) || key.includes(CORRUPT_MARK)) return null;
  return key.slice(AREA_KEY_PREFIX.length) || null;
}

/** A set-aside copy of one of this app's keys. */
export function isSetAsideKey(key: string): boolean {
  return key.startsWith('coverage-explorer:') && key.includes(CORRUPT_MARK);
}

/** Set once a signed-in person answered the offer to upload this browser's areas. */
export const uploadAnsweredKey = (person: string) =>
  `coverage-explorer:upload-answered:${encodeURIComponent(person)}`;
