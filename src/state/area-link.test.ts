import { afterEach, describe, expect, it } from 'vitest';
import { encodeArea } from '../lib/geo/area-code';
import { addOrSelectArea, areaParam, parseAreaParam } from './area-link';
import { useAppStore } from './store';
import { bowTie, savedArea, square } from './testing/area-fixtures';

afterEach(() => {
  localStorage.clear();
  for (const area of useAppStore.getState().areas) useAppStore.getState().deleteArea(area.id);
});

describe('areaParam', () => {
  it('names a county or state by GEOID, any other area by its source and rings', () => {
    const geometry = square();
    expect(areaParam({ ...savedArea('a', 'Sangamon'), source: 'county', geoid: '17167' })).toBe(
      'c:17167',
    );
    expect(areaParam({ ...savedArea('a', 'Illinois'), source: 'state', geoid: '17' })).toBe('s:17');
    const code = encodeArea(geometry);
    expect(areaParam({ ...savedArea('a', 'A'), geometry, source: 'draw' })).toBe(`d:${code}`);
    expect(areaParam({ ...savedArea('a', 'A'), geometry, source: 'place' })).toBe(`p:${code}`);
    // A county kept by an older build has no GEOID: its outline is sent.
    expect(areaParam({ ...savedArea('a', 'A'), geometry, source: 'county' })).toBe(`i:${code}`);
  });
});

describe('parseAreaParam', () => {
  it('reads what areaParam writes', () => {
    expect(parseAreaParam('c:17167')).toEqual({
      ok: true,
      link: { kind: 'county', geoid: '17167' },
    });
    expect(parseAreaParam('s:17')).toEqual({ ok: true, link: { kind: 'state', geoid: '17' } });
    const parsed = parseAreaParam(`p:${encodeArea(square())}`);
    expect(parsed).toMatchObject({ ok: true, link: { kind: 'shape', source: 'place' } });
    // The outline comes back on the 1e-5° grid: the same code again.
    const link = parsed.ok ? parsed.link : null;
    expect(link?.kind === 'shape' && encodeArea(link.geometry)).toBe(encodeArea(square()));
  });

  it.each([
    ['17167', 'it does not start with c:, s:, d:, i: or p:'],
    ['c:1716', 'a county is named by its 5-digit GEOID'],
    ['s:172', 'a state is named by its 2-digit GEOID'],
    ['x:AAAA', '“x:” names no kind of area'],
    ['d:AB!C', 'its outline cannot be read: ring 1 of polygon 1 holds “!”, which no area code has'],
    [`d:${encodeArea(bowTie)}`, 'its outline is not an area: Ring 1 crosses itself.'],
  ])('refuses %j: %s', (value, reason) => {
    expect(parseAreaParam(value)).toEqual({ ok: false, reason });
  });
});

describe('addOrSelectArea', () => {
  it('adds an area once; the same outline at 1e-5° or the same GEOID selects it', () => {
    const s = () => useAppStore.getState();
    const first = addOrSelectArea(s(), { name: 'Ward', geometry: square(), source: 'draw' });
    const other = addOrSelectArea(s(), { name: 'Other', geometry: square(-89.5), source: 'draw' });
    expect(s().selectedAreaId).toBe(other);
    const nudged = square(-89.650001);
    expect(addOrSelectArea(s(), { name: 'Ward', geometry: nudged, source: 'import' })).toBe(first);
    expect(s().selectedAreaId).toBe(first);
    const county = { name: 'Sangamon County', source: 'county' as const, geoid: '17167' };
    const id = addOrSelectArea(s(), { ...county, geometry: square(-89.4) });
    expect(addOrSelectArea(s(), { ...county, geometry: square(-89.3) })).toBe(id);
    expect(s().areas).toHaveLength(3);
  });
});
