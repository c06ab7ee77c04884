import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../state/store';
import { fillStorage, square } from '../../state/testing/area-fixtures';
import { importAreaFile } from './import-area';

const file = (name: string) =>
  new File([JSON.stringify({ type: 'Feature', properties: {}, geometry: square() })], name, {
    type: 'application/geo+json',
  });

afterEach(() => {
  localStorage.clear();
  for (const area of useAppStore.getState().areas) useAppStore.getState().deleteArea(area.id);
});

describe('importAreaFile', () => {
  it('says Imported when the area is stored', async () => {
    expect(await importAreaFile(file('ward-3.geojson'), null)).toBe(true);
    expect(useAppStore.getState().areaNotice).toEqual({
      kind: 'info',
      text: 'Imported ward-3.geojson.',
    });
  });

  it('keeps the area but says it is not saved, and what to do, when storage is full', async () => {
    fillStorage(localStorage, 50);
    expect(await importAreaFile(file('ward-4.geojson'), null)).toBe(true);
    const { areas, unsavedAreas, areaNotice } = useAppStore.getState();
    const area = areas.find((a) => a.name === 'ward-4')!;
    expect(unsavedAreas[area.id]).toBe('full');
    expect(areaNotice?.kind).toBe('error');
    expect(areaNotice?.text).toContain('Not saved: browser storage is full');
    expect(areaNotice?.text).toContain('Export it as GeoJSON or delete old areas');
    expect(areaNotice?.text).not.toMatch(/Imported/);
  });
});
