import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { boundaryRoutes } from '../../server/app/boundary-routes';
import { DEFAULT_FIXED_FILTERS } from '../../shared/fixed-status';
import { encodeArea } from '../lib/geo/area-code';
import { MAX_LINK_LENGTH } from '../state/area-link';
import { square } from '../state/testing/area-fixtures';
import { requestView } from '../state/view-request';
import { FIXED_FILTERS_KEY, loadFixedFilters } from '../state/fixed-filters-storage';
import { useAppStore } from '../state/store';
import { installUrlSync, parseUrlState, writeUrlState } from './url-state';

/** The app server's boundary routes on 127.0.0.1, with the page's fetches of them sent there. */
async function serveBoundaries() {
  const app = new Hono().route('/boundaries', boundaryRoutes());
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pageFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    pageFetch(new URL(input, origin), init),
  );
  return {
    close: () => {
      vi.unstubAllGlobals();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

const initial = useAppStore.getInitialState();

describe('parseUrlState', () => {
  it('reads every parameter', () => {
    expect(
      parseUrlState(
        '?loc=1234&v=202406&cv=202412&hex=8926e2a5a1bffff&aud=business&spd=250%2F25&tech=fiber&ll=1&wcv=202306&wv=202212',
      ),
    ).toEqual({
      locationId: 1234,
      fabricVintage: '202406',
      coverageVintage: '202412',
      hex: '8926e2a5a1bffff',
      fixedFilters: { audience: 'business', speed: '250/25', tech: 'fiber', lowLatency: true },
      compareWith: { coverage: '202306', fabric: '202212' },
      area: null,
      areaName: null,
      areaTab: null,
    });
  });

  it('drops malformed values instead of failing', () => {
    expect(parseUrlState('?loc=abc&v=2024&cv=<b>&hex=zz&wcv=2023&wv=202212')).toEqual({
      locationId: null,
      fabricVintage: null,
      coverageVintage: null,
      hex: null,
      fixedFilters: null,
      compareWith: null,
      area: null,
      areaName: null,
      areaTab: null,
    });
    // The release compared with needs both vintages.
    expect(parseUrlState('?wcv=202306').compareWith).toBeNull();
  });

  it('gives a bad filter value its default and keeps the good ones', () => {
    expect(parseUrlState('?aud=everyone&spd=50%2F5&tech=cable&ll=yes').fixedFilters).toEqual({
      ...DEFAULT_FIXED_FILTERS,
      tech: 'cable',
    });
    expect(parseUrlState('?spd=1000/100').fixedFilters).toEqual({
      ...DEFAULT_FIXED_FILTERS,
      speed: '1000/100',
    });
  });
});

describe('writeUrlState', () => {
  it('keeps parameters it does not own and removes empty ones', () => {
    const search = writeUrlState(
      {
        locationId: 7,
        fabricVintage: '202406',
        coverageVintage: null,
        hex: null,
        fixedFilters: null,
        compareWith: null,
        area: null,
        areaName: null,
        areaTab: null,
      },
      '?debug=1&cv=202306&hex=8926e2a5a1bffff&wcv=202306&wv=202306',
    );
    expect(new URLSearchParams(search).get('debug')).toBe('1');
    expect(new URLSearchParams(search).get('loc')).toBe('7');
    expect(search).not.toContain('cv=');
    expect(search).not.toContain('hex=');
    expect(search).not.toContain('wcv=');
  });

  it('writes every filter under its short key', () => {
    const search = writeUrlState(
      {
        locationId: null,
        fabricVintage: null,
        coverageVintage: null,
        hex: null,
        fixedFilters: { audience: 'business', speed: '25/3', tech: 'licensed', lowLatency: true },
        compareWith: { coverage: '202306', fabric: '202212' },
        area: null,
        areaName: null,
        areaTab: null,
      },
      '',
    );
    expect(parseUrlState(search).fixedFilters).toEqual({
      audience: 'business',
      speed: '25/3',
      tech: 'licensed',
      lowLatency: true,
    });
    expect(search).toBe('?aud=business&spd=25%2F3&tech=licensed&ll=1&wcv=202306&wv=202212');
    expect(parseUrlState(search).compareWith).toEqual({ coverage: '202306', fabric: '202212' });
  });
});

describe('installUrlSync', () => {
  let unsubscribe: (() => void) | undefined;
  beforeEach(() => useAppStore.setState(initial, true));
  afterEach(() => {
    unsubscribe?.();
    window.history.replaceState(null, '', '/');
    window.localStorage.removeItem(FIXED_FILTERS_KEY);
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
    const params = () => new URLSearchParams(window.location.search);
    expect(params().get('hex')).toBe('8926e2a5a1bffff');
    expect(window.location.hash).toBe('#map=14/39.8/-89.6');
    useAppStore.getState().clearSelection();
    expect(params().has('hex')).toBe(false);
    expect(window.history.length).toBe(before);
  });

  it("applies a link's filters over the stored ones, stores them, and follows changes", () => {
    useAppStore.getState().setFixedFilters({ tech: 'fiber', speed: '25/3' });
    window.history.replaceState(null, '', '/?aud=business&spd=1000%2F100');
    unsubscribe = installUrlSync(useAppStore);
    const linked = { ...DEFAULT_FIXED_FILTERS, audience: 'business', speed: '1000/100' };
    expect(useAppStore.getState().fixedFilters).toEqual(linked);
    expect(loadFixedFilters()).toEqual(linked);
    useAppStore.getState().setFixedFilters({ lowLatency: true });
    const params = new URLSearchParams(window.location.search);
    expect([params.get('aud'), params.get('spd'), params.get('tech'), params.get('ll')]).toEqual([
      'business',
      '1000/100',
      'any',
      '1',
    ]);
  });

  it('keeps the stored filters when the URL names nothing to share', () => {
    useAppStore.getState().setFixedFilters({ tech: 'cable' });
    window.history.replaceState(null, '', '/?v=202506');
    unsubscribe = installUrlSync(useAppStore);
    expect(useAppStore.getState().fixedFilters.tech).toBe('cable');
    useAppStore.getState().selectHex('8926e2a5a1bffff');
    expect(new URLSearchParams(window.location.search).get('tech')).toBe('cable');
  });

  it('opens a link naming a location but no filters under the defaults, not the stored ones', () => {
    useAppStore.getState().setFixedFilters({ tech: 'cable', speed: '250/25' });
    window.history.replaceState(null, '', '/?loc=42');
    unsubscribe = installUrlSync(useAppStore);
    expect(useAppStore.getState().fixedFilters).toEqual(DEFAULT_FIXED_FILTERS);
  });
});

describe('the area in the URL', () => {
  let unsubscribe: (() => void) | undefined;
  beforeEach(() => useAppStore.setState(initial, true));
  afterEach(() => {
    unsubscribe?.();
    window.history.replaceState(null, '', '/');
    localStorage.clear();
    for (const area of useAppStore.getState().areas) useAppStore.getState().deleteArea(area.id);
  });
  const params = () => new URLSearchParams(window.location.search);
  const ward = square(-89.65, 39.78, 0.005);

  it('reads area, an and tab, dropping a tab it does not know', () => {
    const url = parseUrlState('?area=c%3A17167&an=Sangamon+County&tab=custom');
    expect([url.area, url.areaName, url.areaTab]).toEqual(['c:17167', 'Sangamon County', 'custom']);
    expect(parseUrlState('?tab=chart&an=%20').areaTab).toBeNull();
    expect(parseUrlState('?an=%20').areaName).toBeNull();
  });

  it('writes the selected area, its name and the tab in Draw mode only', () => {
    unsubscribe = installUrlSync(useAppStore);
    const id = useAppStore.getState().addArea({ name: 'Ward 3', geometry: ward, source: 'draw' });
    expect(params().has('area')).toBe(false);
    useAppStore.getState().setMode('draw');
    expect(params().get('area')).toBe(`d:${encodeArea(ward)}`);
    expect([params().get('an'), params().get('tab')]).toEqual(['Ward 3', 'report']);
    useAppStore.getState().setAreaTab('custom');
    expect(params().get('tab')).toBe('custom');
    useAppStore.getState().deleteArea(id);
    expect([params().has('area'), params().has('an')]).toEqual([false, false]);
  });

  it('leaves out an area whose link would pass MAX_LINK_LENGTH', () => {
    unsubscribe = installUrlSync(useAppStore);
    const points = Array.from({ length: 1000 }, (_, i) => {
      const a = (2 * Math.PI * i) / 1000;
      return [-89.65 + 0.03 * Math.cos(a), 39.78 + 0.02 * Math.sin(a)];
    });
    const circle = { type: 'Polygon' as const, coordinates: [[...points, points[0]!]] };
    useAppStore.getState().addArea({ name: 'Big', geometry: circle, source: 'draw' });
    useAppStore.getState().setMode('draw');
    expect(params().has('area')).toBe(false);
    expect(params().get('tab')).toBe('report');
    expect(window.location.href.length).toBeLessThanOrEqual(MAX_LINK_LENGTH);
  });

  it('opens a link: the area added once, selected, in Draw mode, with its tab', () => {
    const link = `/?area=d%3A${encodeArea(ward)}&an=Ward+3&tab=custom&cv=202406`;
    window.history.replaceState(null, '', link);
    unsubscribe = installUrlSync(useAppStore);
    const s = useAppStore.getState();
    expect(s.areas.map((a) => [a.name, a.source])).toEqual([['Ward 3', 'draw']]);
    expect([s.selectedAreaId, s.mode, s.areaTab]).toEqual([s.areas[0]!.id, 'draw', 'custom']);
    expect(s.coverageVintage).toBe('202406');
    unsubscribe();
    useAppStore.getState().selectArea(null);
    window.history.replaceState(null, '', link);
    unsubscribe = installUrlSync(useAppStore);
    expect(useAppStore.getState().areas).toHaveLength(1);
    expect(useAppStore.getState().selectedAreaId).toBe(s.areas[0]!.id);
  });

  it('opens a county link from the Census boundaries', async () => {
    // The outline comes from the app server's boundary route, on a real port.
    const boundaries = await serveBoundaries();
    onTestFinished(() => boundaries.close());
    window.history.replaceState(null, '', '/?area=c:17167');
    unsubscribe = installUrlSync(useAppStore);
    await vi.waitFor(() => expect(useAppStore.getState().areas).toHaveLength(1), { timeout: 5000 });
    const [county] = useAppStore.getState().areas;
    expect([county!.name, county!.source, county!.geoid]).toEqual([
      'Sangamon County',
      'county',
      '17167',
    ]);
    expect(params().get('area')).toBe('c:17167');
  });

  it('drops a malformed area with a notice, and still applies the rest', () => {
    window.history.replaceState(null, '', '/?area=d:AB!C&cv=202406');
    unsubscribe = installUrlSync(useAppStore);
    const s = useAppStore.getState();
    expect(s.areas).toHaveLength(0);
    expect(s.mode).toBe('draw');
    expect(s.coverageVintage).toBe('202406');
    expect(s.areaNotice).toEqual({
      kind: 'error',
      text: 'The link’s area was left out: its outline cannot be read: ring 1 of polygon 1 holds “!”, which no area code has. Ask for the link again.',
    });
  });

  it('applies a view file’s view as it applies a link', () => {
    unsubscribe = installUrlSync(useAppStore);
    requestView('?tab=custom&wcv=202306&wv=202312&spd=25%2F3');
    const s = useAppStore.getState();
    expect([s.mode, s.areaTab, s.fixedFilters.speed]).toEqual(['draw', 'custom', '25/3']);
    expect(s.compareWith).toEqual({ coverage: '202306', fabric: '202312' });
  });
});
