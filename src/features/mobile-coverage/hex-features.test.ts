import { describe, expect, it } from 'vitest';
import { mobileRecord } from './testing/mobile-record';
import { cellAtPoint, cellsInBounds } from '../../lib/geo/h3';
import { NO_MOBILE_FILTER, type MobileServiceRecord } from './mobile-classify';
import { buildHexView } from './hex-features';

const record = mobileRecord;

const cells = cellsInBounds({ west: -89.66, south: 39.78, east: -89.64, north: 39.79 });
const [a, b, c, d] = cells;

describe('buildHexView', () => {
  const byCell = new Map<string, MobileServiceRecord[]>([
    [a, [record({ technology: 5, mindown: 35, minup: 3 }), record({ providerid: 2 })]],
    [b, [record({ providerid: 2, environment: 1 })]],
    [c, []],
  ]);

  it('gives every cell in view one feature, loaded or not, with its class', () => {
    const view = buildHexView(cells, byCell, NO_MOBILE_FILTER);
    expect(view.features.features).toHaveLength(cells.length);
    const cls = new Map(view.features.features.map((f) => [f.properties.h3, f.properties.cls]));
    expect(cls.get(a)).toBe('5g-35');
    expect(cls.get(b)).toBe('4g');
    expect(cls.get(c)).toBe('none');
    expect(cls.get(d)).toBe('loading');
  });

  it('counts loaded cells per class and keeps unloaded ones apart from "none"', () => {
    const view = buildHexView(cells, byCell, NO_MOBILE_FILTER);
    expect(view.counts).toEqual({ '5g-35': 1, '5g-7': 0, '4g': 1, '3g': 0, none: 1 });
    expect(view.loading).toBe(cells.length - 3);
  });

  it('reclassifies under a filter', () => {
    const view = buildHexView(cells, byCell, { ...NO_MOBILE_FILTER, carrier: 2 });
    expect(view.counts).toEqual({ '5g-35': 0, '5g-7': 0, '4g': 2, '3g': 0, none: 1 });
    const outdoor = buildHexView(cells, byCell, { ...NO_MOBILE_FILTER, environment: 0 });
    expect(outdoor.counts.none).toBe(2);
  });

  it('draws each cell as a closed [lng, lat] ring around its own centre', () => {
    const view = buildHexView([a], byCell, NO_MOBILE_FILTER);
    const ring = view.features.features[0].geometry.coordinates[0];
    expect(ring[0]).toEqual(ring.at(-1));
    const lng = ring.slice(0, -1).reduce((sum, p) => sum + p[0], 0) / (ring.length - 1);
    const lat = ring.slice(0, -1).reduce((sum, p) => sum + p[1], 0) / (ring.length - 1);
    expect(cellAtPoint(lng, lat)).toBe(a);
  });
});
