import { afterEach, describe, expect, it } from 'vitest';
import { LEGACY_AREAS_KEY, SELECTED_AREA_KEY, areaKey } from './keys';
import { loadStoredAreas, writeArea } from './local-storage';
import { bowTie, fillStorage, savedArea } from '../testing/area-fixtures';

const NOW = 1_750_000_000_000;
const keys = () => Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)!);

afterEach(() => localStorage.clear());

describe('loadStoredAreas', () => {
  it('reads one key per area, oldest first, with the stored selection', () => {
    writeArea(localStorage, savedArea('b', 'Second', 20));
    writeArea(localStorage, savedArea('a', 'First', 10));
    localStorage.setItem(SELECTED_AREA_KEY, 'b');
    const loaded = loadStoredAreas(localStorage, NOW);
    expect(loaded.areas.map((a) => a.name)).toEqual(['First', 'Second']);
    expect(loaded.selectedAreaId).toBe('b');
    expect(loaded.setAside).toEqual([]);
  });

  it('moves the legacy one-key list to one key per area and then drops the old key', () => {
    const legacy = { areas: [savedArea('a', 'Ward 3')], selectedAreaId: 'a' };
    localStorage.setItem(LEGACY_AREAS_KEY, JSON.stringify(legacy));
    const loaded = loadStoredAreas(localStorage, NOW);
    expect(loaded.areas.map((a) => a.name)).toEqual(['Ward 3']);
    expect(loaded.selectedAreaId).toBe('a');
    expect(localStorage.getItem(LEGACY_AREAS_KEY)).toBeNull();
    expect(JSON.parse(localStorage.getItem(areaKey('a'))!)).toMatchObject({ name: 'Ward 3' });
  });

  it('copies unparseable legacy text aside, byte for byte, before removing it, and reports it', () => {
    const broken = '{"areas":[{"id":"a","name":"Ward 3","geometry":{"type":"Poly';
    localStorage.setItem(LEGACY_AREAS_KEY, broken);
    const loaded = loadStoredAreas(localStorage, NOW);
    const copyKey = `${LEGACY_AREAS_KEY}.corrupt-${NOW}`;
    expect(localStorage.getItem(copyKey)).toBe(broken);
    expect(localStorage.getItem(LEGACY_AREAS_KEY)).toBeNull();
    expect(loaded.areas).toEqual([]);
    expect(loaded.setAside).toEqual([
      expect.objectContaining({ key: copyKey, label: 'The saved-area list', copied: true }),
    ]);
    // The next visit still lists the copy until the planner deletes it.
    expect(loadStoredAreas(localStorage, NOW + 1).setAside.map((c) => c.key)).toEqual([copyKey]);
  });

  it('sets aside a stored area that breaks the import rules instead of dropping it', () => {
    writeArea(localStorage, savedArea('good', 'Good'));
    const crossing = JSON.stringify({ ...savedArea('bad', 'Crossing'), geometry: bowTie });
    localStorage.setItem(areaKey('bad'), crossing);
    const loaded = loadStoredAreas(localStorage, NOW);
    expect(loaded.areas.map((a) => a.id)).toEqual(['good']);
    expect(loaded.setAside).toEqual([
      {
        key: `${areaKey('bad')}.corrupt-${NOW}`,
        label: 'Area “Crossing”',
        reason: 'Ring 1 crosses itself.',
        copied: true,
      },
    ]);
    expect(localStorage.getItem(`${areaKey('bad')}.corrupt-${NOW}`)).toBe(crossing);
    expect(localStorage.getItem(areaKey('bad'))).toBeNull();
  });

  it('keeps valid legacy areas and sets aside the invalid one among them', () => {
    const legacy = {
      areas: [savedArea('a', 'Kept'), { ...savedArea('b', 'Crossing'), geometry: bowTie }, 42],
    };
    localStorage.setItem(LEGACY_AREAS_KEY, JSON.stringify(legacy));
    const loaded = loadStoredAreas(localStorage, NOW);
    expect(loaded.areas.map((a) => a.name)).toEqual(['Kept']);
    expect(loaded.setAside.map((c) => [c.label, c.reason])).toEqual([
      ['Area “Crossing”', 'Ring 1 crosses itself.'],
      ['A saved area', 'It is not an area record.'],
    ]);
    expect(localStorage.getItem(LEGACY_AREAS_KEY)).toBeNull();
  });

  it('leaves unreadable text where it is when storage is too full to copy it', () => {
    const broken = `{"not json${'x'.repeat(2000)}`;
    localStorage.setItem(LEGACY_AREAS_KEY, broken);
    fillStorage(localStorage, 100);
    const loaded = loadStoredAreas(localStorage, NOW);
    expect(localStorage.getItem(LEGACY_AREAS_KEY)).toBe(broken);
    expect(loaded.setAside).toEqual([
      expect.objectContaining({ key: LEGACY_AREAS_KEY, copied: false }),
    ]);
    expect(keys().some((k) => k.includes('.corrupt-'))).toBe(false);
  });

  it('does not let a legacy copy overwrite an area already stored under its own key', () => {
    writeArea(localStorage, savedArea('a', 'Renamed later'));
    localStorage.setItem(LEGACY_AREAS_KEY, JSON.stringify({ areas: [savedArea('a', 'Old')] }));
    expect(loadStoredAreas(localStorage, NOW).areas.map((a) => a.name)).toEqual(['Renamed later']);
  });
});

describe('writeArea', () => {
  it('says the storage is full instead of throwing', () => {
    fillStorage(localStorage, 10);
    expect(writeArea(localStorage, savedArea('a', 'Big'))).toEqual({ ok: false, problem: 'full' });
    expect(writeArea(null, savedArea('a', 'Big'))).toEqual({ ok: false, problem: 'blocked' });
  });
});
