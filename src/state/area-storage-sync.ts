// Keeps every open tab's areas in step: each change another tab stores (heard by the area
// repository) is applied to this tab's store, so an area added in one tab appears in the
// others, a deletion removes it there, and the last write of an area wins. Also asks before a
// reload or close would drop areas that could not be saved.
import type { StoreApi } from 'zustand';
import { areaRepository } from './area-persistence/area-repository';
import type { AppState } from './store';

/** Starts listening; returns the function that stops. */
export function installAreaStorageSync(store: StoreApi<AppState>, target: Window = window) {
  const stopWatching = areaRepository.watch(
    () => store.getState().areas,
    (change) => store.getState().applyStoredChange(change),
    target,
  );
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (Object.keys(store.getState().unsavedAreas).length === 0) return;
    // The browser shows its own "leave site?" prompt; the text is not shown by any browser.
    event.preventDefault();
    event.returnValue = '';
  };
  target.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    stopWatching();
    target.removeEventListener('beforeunload', onBeforeUnload);
  };
}
