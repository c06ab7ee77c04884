import { describe, expect, it } from 'vitest';
import { parseAreaValue } from './record';
import { bowTie, savedArea, square } from '../testing/area-fixtures';

describe('parseAreaValue', () => {
  it('refuses a geometry the import rules refuse, and a record its key does not name', () => {
    const crossing = { ...savedArea('a', 'Crossing'), geometry: bowTie };
    expect(parseAreaValue(crossing)).toEqual({ ok: false, reason: 'Ring 1 crosses itself.' });
    expect(parseAreaValue(savedArea('a', 'A'), 'b')).toEqual({
      ok: false,
      reason: 'Its id (a) differs from the one its key names.',
    });
    expect(parseAreaValue({ ...savedArea('a', 'A'), geometry: { type: 'Point' } })).toMatchObject({
      ok: false,
    });
  });

  it('fills the fields older records lack', () => {
    const { source: _s, createdAt: _c, ...old } = savedArea('a', 'Old');
    expect(parseAreaValue(old)).toEqual({
      ok: true,
      area: { ...old, source: 'import', createdAt: 0 },
    });
  });

  it('keeps a state or place source and a GEOID; a malformed GEOID is left out', () => {
    const state = { ...savedArea('s', 'Illinois'), source: 'state', geoid: '17' };
    expect(parseAreaValue(state)).toEqual({ ok: true, area: state });
    const place = { ...savedArea('p', 'Chatham'), source: 'place' };
    expect(parseAreaValue(place)).toEqual({ ok: true, area: place });
    const { geoid: _g, ...noGeoid } = state;
    expect(parseAreaValue({ ...state, geoid: '17x' })).toEqual({ ok: true, area: noGeoid });
  });

  it('skips the geometry rules only for the very geometry this tab already accepted', () => {
    // A held area stands for one accepted earlier; a bow-tie makes the skip observable.
    const held = { ...savedArea('a', 'Held'), geometry: bowTie };
    const renamed = { ...held, name: 'Renamed elsewhere' };
    expect(parseAreaValue(renamed, 'a', held)).toEqual({ ok: true, area: renamed });
    const reshaped = {
      ...held,
      geometry: { ...bowTie, coordinates: [[...bowTie.coordinates[0]!]] },
    };
    reshaped.geometry.coordinates[0]![1] = [-89.61, 39.8];
    expect(parseAreaValue(reshaped, 'a', held)).toMatchObject({ ok: false });
    expect(parseAreaValue({ ...savedArea('b', 'B'), geometry: bowTie }, 'b', held)).toMatchObject({
      ok: false,
    });
    expect(
      parseAreaValue(savedArea('a', 'Fine'), 'a', { ...held, geometry: square() }),
    ).toMatchObject({
      ok: true,
    });
  });
});
