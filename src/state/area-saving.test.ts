import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { areaKey } from './area-persistence/keys';
import { installAreaStorageSync } from './area-storage-sync';
import { createAreasSlice } from './slices/areas';
import type { AppState } from './store';
import { fillStorage, square } from './testing/area-fixtures';

/** One tab: its own store over the shared localStorage, and the window its events reach. */
interface Tab {
  store: StoreApi<AppState>;
  window: EventTarget;
  stop: () => void;
}

const tabs: Tab[] = [];

function openTab(): Tab {
  // Only the areas slice is under test; the others are not read by it.
  const store = createStore<AppState>()((...a) => createAreasSlice(...a) as unknown as AppState);
  const window = new EventTarget();
  const stop = installAreaStorageSync(store, window as unknown as Window);
  const tab = { store, window, stop };
  tabs.push(tab);
  return tab;
}

const snapshot = () =>
  new Map(
    Array.from({ length: localStorage.length }, (_, i) => {
      const key = localStorage.key(i)!;
      return [key, localStorage.getItem(key)!] as const;
    }),
  );

/** Runs an action in one tab and, as the browser does, fires `storage` in every other tab. */
function inTab<T>(tab: Tab, action: (state: AppState) => T): T {
  const before = snapshot();
  const result = action(tab.store.getState());
  const after = snapshot();
  const changed = new Set([...before.keys(), ...after.keys()]);
  for (const key of changed) {
    const [oldValue, newValue] = [before.get(key) ?? null, after.get(key) ?? null];
    if (oldValue === newValue) continue;
    for (const other of tabs.filter((t) => t !== tab)) {
      const init = { key, oldValue, newValue, storageArea: localStorage };
      other.window.dispatchEvent(new StorageEvent('storage', init));
    }
  }
  return result;
}

const names = (tab: Tab) => tab.store.getState().areas.map((a) => a.name);

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.stop();
  localStorage.clear();
});

describe('saving areas', () => {
  it('keeps an area it could not store, marks it unsaved and never says it was imported', () => {
    const tab = openTab();
    fillStorage(localStorage, 50);
    const id = tab.store
      .getState()
      .addArea({ name: 'Ward 3', geometry: square(), source: 'import' });
    tab.store.getState().announceArea(id, 'Imported ward-3.geojson.');
    const state = tab.store.getState();
    expect(names(tab)).toEqual(['Ward 3']);
    expect(state.unsavedAreas).toEqual({ [id]: 'full' });
    expect(state.areaNotice?.kind).toBe('error');
    expect(state.areaNotice?.text).toMatch(/^Not saved: browser storage is full.*Ward 3.*GeoJSON/);
    expect(state.areaNotice?.text).not.toContain('Imported');
    expect(localStorage.getItem(areaKey(id))).toBeNull();
  });

  it('stores the area on Retry save once there is room, and then says so', () => {
    const tab = openTab();
    fillStorage(localStorage, 50);
    const id = tab.store.getState().addArea({ name: 'Ward 3', geometry: square(), source: 'draw' });
    expect(tab.store.getState().retrySave(id)).toBe(false);
    localStorage.removeItem('test-filler');
    expect(tab.store.getState().retrySave(id)).toBe(true);
    tab.store.getState().announceArea(id, 'Saved Ward 3.');
    expect(tab.store.getState().unsavedAreas).toEqual({});
    expect(tab.store.getState().areaNotice).toEqual({ kind: 'info', text: 'Saved Ward 3.' });
    expect(
      openTab()
        .store.getState()
        .areas.map((a) => a.id),
    ).toEqual([id]);
  });

  it('deleting an area frees room and saves the areas that were waiting for it', () => {
    const tab = openTab();
    // Same geometry and name length: the freed room is exactly what the waiting area needs.
    const old = tab.store.getState().addArea({ name: 'Old', geometry: square(), source: 'draw' });
    fillStorage(localStorage, 10);
    const waiting = tab.store
      .getState()
      .addArea({ name: 'New', geometry: square(), source: 'draw' });
    expect(tab.store.getState().unsavedAreas).toEqual({ [waiting]: 'full' });
    tab.store.getState().deleteArea(old);
    expect(tab.store.getState().unsavedAreas).toEqual({});
    expect(localStorage.getItem(areaKey(waiting))).not.toBeNull();
  });
});

describe('two tabs', () => {
  it('an area added in one tab appears in the other, and a rename there does not drop it', () => {
    const a = openTab();
    const b = openTab();
    const first = inTab(a, (s) =>
      s.addArea({ name: 'From A', geometry: square(), source: 'draw' }),
    );
    expect(names(b)).toEqual(['From A']);
    inTab(b, (s) => s.addArea({ name: 'From B', geometry: square(-89.5), source: 'draw' }));
    inTab(a, (s) => s.renameArea(first, 'From A, renamed'));
    expect(names(a)).toEqual(['From A, renamed', 'From B']);
    expect(names(b)).toEqual(['From A, renamed', 'From B']);
    expect(names(openTab())).toEqual(['From A, renamed', 'From B']);
  });

  it('areas added within one millisecond keep the order they were added in, in every tab', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    try {
      const [a, b] = [openTab(), openTab()];
      const added = ['1', '2', '3', '4', '5', '6'];
      added.forEach((name, k) =>
        inTab(k % 2 ? b : a, (s) => s.addArea({ name, geometry: square(), source: 'draw' })),
      );
      expect(names(a)).toEqual(added);
      expect(names(b)).toEqual(added);
      expect(names(openTab())).toEqual(added);
    } finally {
      now.mockRestore();
    }
  });

  it('a deletion in one tab removes the area there too, and loses nothing added meanwhile', () => {
    const a = openTab();
    const b = openTab();
    const gone = inTab(a, (s) => s.addArea({ name: 'Gone', geometry: square(), source: 'draw' }));
    inTab(a, (s) => s.selectArea(gone));
    inTab(a, (s) => s.addArea({ name: 'Added in A', geometry: square(-89.5), source: 'draw' }));
    inTab(b, (s) => s.deleteArea(gone));
    expect(names(a)).toEqual(['Added in A']);
    expect(names(b)).toEqual(['Added in A']);
    // Editing the deleted area in A afterwards (a drag that ends late) does not bring it back.
    inTab(a, (s) => s.updateAreaGeometry(gone, square(-89.4)));
    expect(localStorage.getItem(areaKey(gone))).toBeNull();
    expect(names(openTab())).toEqual(['Added in A']);
  });

  it('the last write of an area wins in every tab', () => {
    const a = openTab();
    const b = openTab();
    const id = inTab(a, (s) => s.addArea({ name: 'Start', geometry: square(), source: 'draw' }));
    inTab(a, (s) => s.renameArea(id, 'Named in A'));
    inTab(b, (s) => s.renameArea(id, 'Named in B'));
    expect(names(a)).toEqual(['Named in B']);
    expect(names(b)).toEqual(['Named in B']);
  });

  it('unreadable text written for an area is copied aside and the tab writes its own copy back', () => {
    const a = openTab();
    const id = inTab(a, (s) => s.addArea({ name: 'Mine', geometry: square(), source: 'draw' }));
    const other = openTab();
    inTab(other, () => localStorage.setItem(areaKey(id), '{"truncated'));
    expect(names(a)).toEqual(['Mine']);
    expect(JSON.parse(localStorage.getItem(areaKey(id))!)).toMatchObject({ name: 'Mine' });
    const copies = a.store.getState().setAsideCopies;
    expect(copies).toHaveLength(1);
    expect(localStorage.getItem(copies[0]!.key)).toBe('{"truncated');
  });

  it('asks before leaving only while an area is unsaved', () => {
    const tab = openTab();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      tab.window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    tab.store.getState().addArea({ name: 'Stored', geometry: square(), source: 'draw' });
    expect(leave()).toBe(false);
    fillStorage(localStorage, 10);
    tab.store.getState().addArea({ name: 'Unsaved', geometry: square(-89.5), source: 'draw' });
    expect(leave()).toBe(true);
  });
});
