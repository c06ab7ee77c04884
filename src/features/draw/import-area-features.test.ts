import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../state/store';
import { viewFile } from '../../state/area-link';
import { bowTie, savedArea, square } from '../../state/testing/area-fixtures';
import { onViewRequest } from '../../state/view-request';
import { importAreaFile } from './import-area';
import { areasFromText, featureName } from './import-area-features';

const feature = (properties: Record<string, unknown> | null, geometry: unknown = square()) => ({
  type: 'Feature',
  properties,
  geometry,
});
const collection = (...features: unknown[]) =>
  JSON.stringify({ type: 'FeatureCollection', features });

afterEach(() => {
  localStorage.clear();
  for (const area of useAppStore.getState().areas) useAppStore.getState().deleteArea(area.id);
});

describe('areasFromText', () => {
  it('keeps one area per feature of a FeatureCollection, named from its name property', () => {
    const text = collection(
      feature({ name: 'Ward 1' }, square(-89.65)),
      feature({ NAME: 'Ward 2' }, square(-89.6)),
    );
    const parsed = areasFromText(text, 'wards.geojson');
    expect(parsed.ok && parsed.areas.map((a) => a.name)).toEqual(['Ward 1', 'Ward 2']);
    expect(parsed.ok && parsed.areas[1]!.geometry).toEqual(square(-89.6));
  });

  it('names features "<file> n" when they carry no name', () => {
    const parsed = areasFromText(collection(feature({ id: 4 }), feature(null)), 'wards.geojson');
    expect(parsed.ok && parsed.areas.map((a) => a.name)).toEqual(['wards 1', 'wards 2']);
  });

  it('refuses the file naming the feature that is not an area', () => {
    const parsed = areasFromText(
      collection(feature({ name: 'Ward 1' }), feature({ name: 'Ward 2' }, bowTie)),
      'wards.geojson',
    );
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(/^Feature 2 \(Ward 2\): .*crosses itself/);
  });

  it('keeps a lone Feature or geometry as one area, named from the feature or the file', () => {
    const named = areasFromText(JSON.stringify(feature({ title: 'Old town' })), 'a.geojson');
    expect(named.ok && named.areas.map((a) => a.name)).toEqual(['Old town']);
    const bare = areasFromText(JSON.stringify(square()), 'ward-3.json');
    expect(bare.ok && bare.areas.map((a) => a.name)).toEqual(['ward-3']);
    const lone = areasFromText(collection(feature({})), 'ward-4.geojson');
    expect(lone.ok && lone.areas.map((a) => a.name)).toEqual(['ward-4']);
  });
});

describe('featureName', () => {
  it.each([
    [{ NAMELSAD: 'Ward 7', NAME: '7' }, '7'],
    [{ NAMELSAD: 'Sangamon County' }, 'Sangamon County'],
    [{ Label: 'North' }, 'North'],
    [{ WARD_NAME: 'Fifth ward', id: 3 }, 'Fifth ward'],
    [{ name: '  ', title: 'Fallback' }, 'Fallback'],
    [{ name: 12 }, '12'],
    [{ id: 3 }, null],
    [null, null],
  ])('%o → %s', (properties, expected) => {
    expect(featureName(properties)).toBe(expected);
  });
});

describe('importAreaFile with a FeatureCollection', () => {
  it('adds every feature as its own area and says how many', async () => {
    const text = collection(feature({ name: 'Ward 1' }), feature({ name: 'Ward 2' }));
    const file = new File([text], 'wards.geojson', { type: 'application/geo+json' });
    expect(await importAreaFile(file, null)).toBe(true);
    expect(useAppStore.getState().areas.map((a) => [a.name, a.source])).toEqual([
      ['Ward 1', 'import'],
      ['Ward 2', 'import'],
    ]);
    expect(useAppStore.getState().areaNotice).toEqual({
      kind: 'info',
      text: 'Imported wards.geojson as 2 areas: Ward 1, Ward 2.',
    });
  });
});

describe('importAreaFile with a view file', () => {
  it('adds its area once and asks for the view it names (tab, releases, filters, compare)', async () => {
    const asked: string[] = [];
    const off = onViewRequest((search) => asked.push(search));
    const area = { ...savedArea('w', 'Ward 9'), geometry: square(-89.62), source: 'draw' as const };
    const doc = viewFile(
      area,
      '?loc=5&v=202406&cv=202412&spd=25%2F3&wcv=202306&wv=202312&tab=custom&area=d%3Ax&an=W',
    );
    const text = JSON.stringify(doc);
    const file = () => new File([text], 'ward-9-view.geojson', { type: 'application/geo+json' });
    expect(await importAreaFile(file(), null)).toBe(true);
    expect(await importAreaFile(file(), null)).toBe(true);
    off();
    const { areas, selectedAreaId, areaNotice } = useAppStore.getState();
    expect(areas.map((a) => a.name)).toEqual(['Ward 9']);
    expect(selectedAreaId).toBe(areas[0]!.id);
    expect(asked).toEqual([
      '?v=202406&cv=202412&spd=25%2F3&wcv=202306&wv=202312&tab=custom',
      '?v=202406&cv=202412&spd=25%2F3&wcv=202306&wv=202312&tab=custom',
    ]);
    expect(areaNotice).toEqual({
      kind: 'info',
      text: 'Opened the view in ward-9-view.geojson: Ward 9.',
    });
  });
});
