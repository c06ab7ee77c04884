// Where the planner's areas are kept between visits and shared between tabs: the one way in and
// out of area persistence, apart from the UI state that shows them (as Placemark's
// persistence/ipersistence.ts keeps its store apart from its atoms). The areas slice holds
// what is shown and calls this; nothing else in the app reads or writes stored areas.
//
// The browser's implementation: localStorage, one key per area (keys.ts), each record read back
// with the import rules (record.ts), unreadable text copied aside and never deleted
// (set-aside.ts), other tabs' writes heard through the `storage` event (stored-change.ts).
import type { SavedArea } from '../saved-area';
import { browserStorage } from '../browser-storage';
import { SELECTED_AREA_KEY, areaKey } from './keys';
import {
  loadStoredAreas,
  readStoredText,
  removeKey,
  writeArea,
  writeText,
  type LoadedAreas,
  type SaveResult,
} from './local-storage';
import { storedChangeOf, type StoredAreaChange } from './stored-change';

export type { SaveProblem } from './local-storage';
export type { SetAsideCopy } from './set-aside';
export type { StoredAreaChange } from './stored-change';

export interface AreaRepository {
  /** Everything stored, checked with the import rules; unreadable entries set aside. */
  load: () => LoadedAreas;
  /** Writes one area; when it cannot, says why (storage full, or refused). */
  save: (area: SavedArea) => SaveResult;
  remove: (id: string) => void;
  /** The selected area: a convenience, not the planner's work, so a failed write stays quiet. */
  saveSelection: (id: string | null) => void;
  /** The text a set-aside copy keeps, for download; null once it is gone. */
  readSetAside: (key: string) => string | null;
  deleteSetAside: (key: string) => void;
  /**
   * Calls `onChange` with each change another tab makes (`held`: the areas this tab holds, so a
   * rename is not checked again); returns the function that stops listening.
   */
  watch: (
    held: () => readonly SavedArea[],
    onChange: (change: StoredAreaChange) => void,
    target?: Window,
  ) => () => void;
}

/** localStorage, asked for at each call: a browser may refuse it, or a test replace it. */
export function browserAreaRepository(): AreaRepository {
  return {
    load: () => {
      try {
        return loadStoredAreas(browserStorage());
      } catch {
        // A storage that throws on read gives no areas rather than no app.
        return { areas: [], selectedAreaId: null, setAside: [] };
      }
    },
    save: (area) => writeArea(browserStorage(), area),
    remove: (id) => removeKey(browserStorage(), areaKey(id)),
    saveSelection: (id) => {
      if (id === null) removeKey(browserStorage(), SELECTED_AREA_KEY);
      else writeText(browserStorage(), SELECTED_AREA_KEY, id);
    },
    readSetAside: (key) => readStoredText(browserStorage(), key),
    deleteSetAside: (key) => removeKey(browserStorage(), key),
    watch: (held, onChange, target = window) => {
      const onStorage = (event: StorageEvent) => {
        const change = storedChangeOf(event, browserStorage(), held());
        if (change) onChange(change);
      };
      target.addEventListener('storage', onStorage);
      return () => target.removeEventListener('storage', onStorage);
    },
  };
}

const browser = browserAreaRepository();
let current = browser;

/**
 * The app's areas: kept in this browser, until a signed-in planner's app server keeps them
 * (server-repository.ts, switched to by `keepAreasIn`); the browser's copy stays as it was.
 */
export const areaRepository: AreaRepository = {
  load: () => current.load(),
  save: (area) => current.save(area),
  remove: (id) => current.remove(id),
  saveSelection: (id) => current.saveSelection(id),
  readSetAside: (key) => current.readSetAside(key),
  deleteSetAside: (key) => current.deleteSetAside(key),
  watch: (held, onChange, target) => current.watch(held, onChange, target),
};

/** Hands the keeping of areas to the repository `make` builds over this browser's own. */
export function keepAreasIn<R extends AreaRepository>(make: (browser: AreaRepository) => R): R {
  const made = make(browser);
  current = made;
  return made;
}
