import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../state/store';
import { installUrlSync, parseUrlState, writeUrlState } from './url-state';

const initial = useAppStore.getState();

describe('parseUrlState', () => {
  it('reads every parameter', () => {
    expect(parseUrlState('?loc=1234&v=202406&cv=202412&hex=8926e2a5a1bffff')).toEqual({
      locationId: 1234,
      fabricVintage: '202406',
      coverageVintage: '202412',
      hex: '8926e2a5a1bffff',
    });
  });

  it('drops malformed values instead of failing', () => {
    expect(parseUrlState('?loc=abc&v=2024&cv=<b>&hex=zz')).toEqual({
      locationId: null,
      fabricVintage: null,
      coverageVintage: null,
      hex: null,
    });
  });
});

describe('writeUrlState', () => {
  it('keeps parameters it does not own and removes empty ones', () => {
    const search = writeUrlState(
      { locationId: 7, fabricVintage: '202406', coverageVintage: null, hex: null },
      '?debug=1&cv=202306&hex=8926e2a5a1bffff',
    );
    expect(new URLSearchParams(search).get('debug')).toBe('1');
    expect(new URLSearchParams(search).get('loc')).toBe('7');
    expect(search).not.toContain('cv=');
    expect(search).not.toContain('hex=');
  });
});

describe('installUrlSync', () => {
  let unsubscribe: (() => void) | undefined;
  beforeEach(() => useAppStore.setState(initial, true));
  afterEach(() => {
    unsubscribe?.();
    window.history.replaceState(null, '', '/');
  });

  it('restores the selection and vintages from the URL on load', () => {
    window.history.replaceState(null, '', '/?loc=42&v=202312&cv=202412#map=14/39.8/-89.6');
    unsubscribe = installUrlSync(useAppStore);
    const s = useAppStore.getState();
    expect(s.selection).toEqual({ kind: 'location', locationId: 42, click: undefined });
    expect(s.fabricVintage).toBe('202312');
    expect(s.coverageVintage).toBe('202412');
  });

  it('replaces (never pushes) the URL when the store changes, keeping the map hash', () => {
    window.history.replaceState(null, '', '/#map=14/39.8/-89.6');
    unsubscribe = installUrlSync(useAppStore);
    const before = window.history.length;
    useAppStore.getState().selectHex('8926e2a5a1bffff');
    expect(window.location.search).toBe('?hex=8926e2a5a1bffff');
    expect(window.location.hash).toBe('#map=14/39.8/-89.6');
    useAppStore.getState().clearSelection();
    expect(window.location.search).toBe('');
    expect(window.history.length).toBe(before);
  });
});
