import { describe, expect, it } from 'vitest';
import { classifyQuery } from './classify-query';

describe('classifyQuery', () => {
  it('reads a latitude, longitude pair with a comma or a space', () => {
    for (const text of ['39.7825, -89.6319', '39.7825 -89.6319', ' 39.7825,-89.6319 ']) {
      expect(classifyQuery(text), text).toEqual({
        kind: 'coordinates',
        lat: 39.7825,
        lng: -89.6319,
        lngFirst: false,
      });
    }
  });

  it('reads longitude first when latitude first would be south-east or past ±90', () => {
    expect(classifyQuery('-89.63, 39.78')).toEqual({
      kind: 'coordinates',
      lat: 39.78,
      lng: -89.63,
      lngFirst: true,
    });
    expect(classifyQuery('-120.5 38.2')).toMatchObject({ lat: 38.2, lng: -120.5, lngFirst: true });
    expect(classifyQuery('144.79, 13.44')).toMatchObject({ lat: 13.44, lng: 144.79 });
    // Guam (north, east) and American Samoa (south, west) stay latitude first.
    expect(classifyQuery('13.44, 144.79')).toMatchObject({ lat: 13.44, lng: 144.79 });
    expect(classifyQuery('-14.27, -170.70')).toMatchObject({ lat: -14.27, lng: -170.7 });
  });

  it('follows hemisphere letters over the order', () => {
    expect(classifyQuery('39.78 N, 89.63 W')).toMatchObject({ lat: 39.78, lng: -89.63 });
    expect(classifyQuery('89.63°W 39.78°N')).toMatchObject({
      lat: 39.78,
      lng: -89.63,
      lngFirst: true,
    });
    expect(classifyQuery('39.78 N 39.78 N')).toMatchObject({ kind: 'bad-coordinates' });
  });

  it('says why a position is out of range', () => {
    const out = classifyQuery('95.1, 200.2');
    expect(out.kind).toBe('bad-coordinates');
    expect(out).toMatchObject({ message: expect.stringMatching(/latitude must be within ±90/) });
    expect(classifyQuery('39.78, -189.6')).toMatchObject({ kind: 'bad-coordinates' });
  });

  it('does not read two whole numbers as a position unless marked as one', () => {
    expect(classifyQuery('1201 62704')).toEqual({ kind: 'address', text: '1201 62704' });
    expect(classifyQuery('39, -89')).toMatchObject({ kind: 'coordinates', lat: 39, lng: -89 });
    // A grid address out of any range stays an address.
    expect(classifyQuery('100 E 200 S')).toEqual({ kind: 'address', text: '100 E 200 S' });
  });

  it('reads ids before anything else', () => {
    expect(classifyQuery('1000123456')).toEqual({
      kind: 'id',
      id: { kind: 'location_id', id: '1000123456' },
    });
    expect(classifyQuery('3F2504E0-4F89-11D3-9A0C-0305E82C3301')).toMatchObject({
      kind: 'id',
      id: { kind: 'uuid' },
    });
  });

  it('reads a ZIP code, ZIP+4 included, and other digits as nothing to search yet', () => {
    expect(classifyQuery('62704')).toEqual({ kind: 'zip', zip: '62704' });
    expect(classifyQuery('62704-1234')).toEqual({ kind: 'zip', zip: '62704' });
    expect(classifyQuery('6270')).toEqual({ kind: 'number', digits: '6270' });
    expect(classifyQuery('627041')).toEqual({ kind: 'number', digits: '627041' });
  });

  it('tells a full address (a house number first) from a town or street name', () => {
    expect(classifyQuery('1201 Oak St, Springfield')).toEqual({
      kind: 'address',
      text: '1201 Oak St, Springfield',
    });
    expect(classifyQuery('12B Oak St')).toMatchObject({ kind: 'address' });
    expect(classifyQuery('Oak St')).toEqual({ kind: 'name', text: 'Oak St' });
    expect(classifyQuery('Chatham')).toEqual({ kind: 'name', text: 'Chatham' });
    // An ordinal street name is not a house number.
    expect(classifyQuery('1st St')).toEqual({ kind: 'name', text: '1st St' });
    expect(classifyQuery('S 14th St')).toEqual({ kind: 'name', text: 'S 14th St' });
  });

  it('asks for more than two letters, and nothing for blank text', () => {
    expect(classifyQuery('Oa')).toEqual({ kind: 'none' });
    expect(classifyQuery('   ')).toEqual({ kind: 'none' });
  });
});
